// Names and places beyond English: fixture tables per script (text -> every PERSON / LOCATION entity, in
// order), with hard negatives (everyday words, sentence-initial capitals, CJK text without names).
import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load({ operations: ['pii'] })

type Entity = [category: string, string: string]
const pairs = (text: string): Entity[] =>
  litmus.pii({ text, categories: ['PERSON', 'LOCATION'] }).pii.map((e) => [e.category, e.string])

const P = (s: string): Entity => ['PERSON', s]
const L = (s: string): Entity => ['LOCATION', s]

const tables: Record<string, [text: string, expected: Entity[]][]> = {
  'Latin with diacritics': [
    ['Frau Schröder wohnt in Köln.', [P('Schröder'), L('Köln')]],
    ['Hablé con Joaquín Domínguez ayer.', [P('Joaquín Domínguez')]],
    ['Bà Nguyễn Thị Hương sống ở Huế.', [P('Nguyễn Thị Hương'), L('Huế')]],
    ['Rozmawiałem z Małgorzatą Kowalczyk w Łodzi.', [P('Małgorzatą Kowalczyk'), L('Łodzi')]],
    ['Toplantıya Ayşe Yıldız katıldı.', [P('Ayşe Yıldız')]],
    // All capitals and lower case with a cue.
    ['NAME: ŁUKASZ WIŚNIEWSKI', [P('ŁUKASZ WIŚNIEWSKI')]],
    ['my name is inès lefèvre', [P('inès lefèvre')]],
    // Lower-case text: a listed given name after a verb or preposition that takes a person.
    ['i saw lucy at the station', [P('lucy')]],
    ['demande à mathilde roux', [P('mathilde roux')]],
    ['call me tomorrow', []],
    // Hard negatives: sentence-initial capitals with diacritics, articles.
    ['Él no vino hoy.', []],
    ['Le repas était délicieux.', []],
    ['Ärger gibt es immer.', []]
  ],
  Cyrillic: [
    ['Вчера Пётр Смирнов приехал в Казань.', [P('Пётр Смирнов'), L('Казань')]],
    ['Письмо от Екатерины Андреевны Морозовой.', [P('Екатерины Андреевны Морозовой')]],
    ['Мы живём в Новосибирске.', [L('Новосибирске')]],
    ['ПЕТРОВ ИВАН', [P('ПЕТРОВ ИВАН')]],
    ['Меня зовут Татьяна.', [P('Татьяна')]],
    ['Погода сегодня хорошая.', []],
    ['Когда придёт автобус?', []]
  ],
  Greek: [
    ['Η Ελένη Παπαδοπούλου ζει στην Πάτρα.', [P('Ελένη Παπαδοπούλου'), L('Πάτρα')]],
    ['Ο κύριος Οικονόμου είναι εδώ.', [P('Οικονόμου')]],
    ['Καλημέρα σε όλους.', []]
  ],
  Arabic: [
    ['اسمي يوسف خليل', [P('يوسف خليل')]],
    ['الدكتور سامي الحداد في الرياض', [P('سامي الحداد'), L('الرياض')]],
    ['سافرت فاطمة إلى دمشق', [P('فاطمة'), L('دمشق')]],
    ['ذهبنا إلى الدار البيضاء', [L('الدار البيضاء')]],
    ['العنوان: شارع الملك فهد، الرياض', [L('شارع الملك فهد'), L('الرياض')]],
    ['أنا سعيد جدا اليوم', []],
    ['الكتاب على الطاولة', []],
    // Compound given names, titles before a name, religious formulas that are no name.
    ['حضر نور الدين الأيوبي الاجتماع.', [P('نور الدين الأيوبي')]],
    ['التقى الرئيس ماكرون بنظيره.', [P('ماكرون')]],
    ['المريضة هيفاء السبيعي، رقم الملف 4412', [P('هيفاء السبيعي')]],
    ['بسم الله الرحمن الرحيم', []],
    ['الطالب يدرس في المدرسة.', []],
    ['قال مسؤول في الحكومة إن القرار نهائي.', []]
  ],
  Hebrew: [
    ['שמי יעל לוי', [P('יעל לוי')]],
    ['ד"ר משה כהן עובד בחיפה', [P('משה כהן'), L('חיפה')]],
    ['נסענו לבאר שבע', [L('באר שבע')]],
    ['ראיתי גל גדול בים', []],
    ['הספר על השולחן', []]
  ],
  Chinese: [
    ['我叫李明，来自上海。', [P('李明'), L('上海')]],
    ['请联系王芳女士。', [P('王芳')]],
    ['欧阳修先生是作家。', [P('欧阳修')]],
    ['刘强和陈丽在广州市工作。', [P('刘强'), P('陈丽'), L('广州市')]],
    ['小张去北京了。', [P('小张'), L('北京')]],
    ['我在北京大学读书。', []],
    ['今天我们开会讨论方法。', []],
    ['王国的周末很安静。', []],
    // Running text with no cue: a surname and given-name characters before a verb or time word.
    ['黄志强表示，公司将继续扩大投资。', [P('黄志强')]],
    ['记者王小明报道，李娜昨天在北京夺冠。', [P('王小明'), P('李娜'), L('北京')]],
    ['我和同事孙浩去了杭州。', [P('孙浩'), L('杭州')]],
    ['林志玲在台北出生。', [P('林志玲'), L('台北')]],
    ['經理陳美玲今天不在辦公室。', [P('陳美玲')]],
    // Surnames that start everyday words stay words.
    ['这个项目的费用由公司承担。', []],
    ['森林里有很多动物。', []],
    ['老师高兴地表扬了他。', []],
    ['安全第一，管理要严格。', []],
    ['我和阿杰去厦门。', [P('阿杰'), L('厦门')]],
    ['阿姨做的饭很好吃。', []]
  ],
  Japanese: [
    ['田中さんは大阪に住んでいます。', [P('田中'), L('大阪')]],
    ['山田太郎様', [P('山田太郎')]],
    ['鈴木先生と京都へ行きました。', [P('鈴木'), L('京都')]],
    ['高橋健は福岡県の出身です。', [P('高橋健'), L('福岡県')]],
    ['中村様　電話：090-1234-5678', [P('中村')]],
    ['今日は雨です。', []],
    ['東京大学で勉強しています。', []],
    // Kana names with an honorific, three-character given names.
    ['ゆうきさんは札幌に住んでいます。', [P('ゆうき'), L('札幌')]],
    ['マイクさんは来週来ます。', [P('マイク')]],
    ['ジョン・スミス氏が講演した。', [P('ジョン・スミス')]],
    ['石原慎太郎は東京都知事だった。', [P('石原慎太郎'), L('東京都')]],
    ['たくさんの人が来た。', []],
    ['ごちそうさまでした。', []],
    ['公園までさんぽした。', []]
  ],
  Korean: [
    ['박지민 씨는 부산에 살아요.', [P('박지민'), L('부산')]],
    ['제 이름은 김하늘입니다.', [P('김하늘')]],
    ['최수빈 선생님께 전화했어요.', [P('최수빈')]],
    ['경기도 성남시에서 왔어요.', [L('경기도'), L('성남시')]],
    ['이번 주에 회의가 있어요.', []],
    ['우리는 이야기를 했어요.', []],
    // No cue: a surname, two given-name syllables and a particle; a bare given name before 형 / 씨.
    ['김민수는 서울에 살고 있습니다.', [P('김민수'), L('서울')]],
    ['참석자: 김민수, 이지은, 박서준', [P('김민수'), P('이지은'), P('박서준')]],
    ['준호 형이 인천으로 갔대.', [P('준호'), L('인천')]],
    ['윤석열 대통령은 오늘 연설했다.', [P('윤석열')]],
    ['유동성이 부족하다.', []],
    ['이용자가 늘었다.', []],
    ['민주주의는 중요하다.', []],
    ['형태가 다양하다.', []]
  ]
}

tables.Thai = [
  ['นายสมชาย ใจดี อาศัยอยู่ที่เชียงใหม่', [P('สมชาย ใจดี'), L('เชียงใหม่')]],
  ['คุณเมย์ ไปขอนแก่นเมื่อวานนี้', [P('เมย์'), L('ขอนแก่น')]],
  ['ขอบคุณครับ', []],
  ['คุณภาพของสินค้าดีมาก', []],
  ['นายกรัฐมนตรีเดินทางไปภูเก็ต', [L('ภูเก็ต')]]
]

for (const [script, rows] of Object.entries(tables)) {
  describe(`PERSON and LOCATION: ${script}`, () => {
    for (const [text, expected] of rows) {
      it(`${JSON.stringify(text)} -> ${JSON.stringify(expected)}`, () => expect(pairs(text)).toEqual(expected))
    }
  })
}

describe('gazetteer evidence', () => {
  it('marks list and cue evidence on names found in scripts without capitals', () => {
    const [e] = litmus.pii({ text: '张伟先生', categories: ['PERSON'] }).pii
    expect(e.string).toBe('张伟')
  })
})
