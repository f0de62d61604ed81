// Names, places and cue words for scripts beyond English, read by scripts/build-pii-gazetteer.mjs.
// Written for Litmus from common knowledge: lists of frequent surnames and given names, and names of
// countries, provinces and large cities, are facts. Nothing here comes from Faker or from any test set.
const w = (s) => s.split(/\s+/).filter(Boolean)

// ---- Cased scripts (main table: the capitalised-run rules read them like the English lists) ----
export const CYRILLIC_FIRST = w(`Александр Алексей Анатолий Андрей Антон Артём Артем Аркадий Борис Вадим Валентин Валерий Василий Виктор
Виталий Владимир Владислав Вячеслав Геннадий Георгий Глеб Григорий Даниил Денис Дмитрий Евгений Егор Иван Игорь Илья Кирилл
Константин Леонид Максим Матвей Михаил Никита Николай Олег Павел Пётр Петр Роман Руслан Семён Сергей Станислав Степан Тимофей
Тимур Фёдор Федор Юрий Ярослав Анна Алёна Алена Александра Алина Алла Анастасия Ангелина Антонина Валентина Валерия Вера Вероника
Виктория Галина Дарья Диана Евгения Екатерина Елена Елизавета Жанна Зинаида Зоя Инна Ирина Карина Кира Кристина Ксения Лариса
Лидия Любовь Людмила Маргарита Марина Мария Милана Надежда Наталья Наталия Нина Оксана Ольга Полина Раиса Светлана София Софья
Тамара Татьяна Ульяна Юлия Яна Олена Олександр Олексій Тарас Богдан Микола Василь Андрій Дмитро Юлія Наталія Ганна Григорій
Георги Димитър Иванка Стоян Петър Мария Цветана Милош Драган Јован Марко Ненад`)
export const CYRILLIC_LAST = w(`Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Фёдоров Федоров Морозов Волков Алексеев
Лебедев Семёнов Семенов Егоров Павлов Козлов Степанов Николаев Орлов Андреев Макаров Никитин Захаров Зайцев Соловьёв Соловьев
Борисов Яковлев Григорьев Романов Воробьёв Сергеев Кузьмин Фролов Александров Дмитриев Королёв Королев Гусев Киселёв Киселев
Ильин Максимов Поляков Сорокин Виноградов Ковалёв Ковалев Белов Медведев Антонов Тарасов Жуков Баранов Филиппов Комаров Давыдов
Беляев Герасимов Богданов Осипов Сидоров Матвеев Титов Марков Миронов Крылов Куликов Карпов Власов Мельников Денисов Гаврилов
Тихонов Казаков Афанасьев Данилов Савельев Тимофеев Фомин Чернов Абрамов Мартынов Ефимов Федотов Щербаков Назаров Калинин Исаев
Быков Маслов Родионов Коновалов Лазарев Воронин Климов Филатов Пономарёв Голубев Кудрявцев Прохоров Наумов Потапов Журавлёв
Овчинников Трофимов Леонов Соболев Ермаков Колесников Гончаров Емельянов Никифоров Грачёв Котов Гришин Ефремов Архипов Громов
Кириллов Малышев Панов Моисеев Румянцев Акимов Кондратьев Бирюков Горбунов Анисимов Галкин Лукьянов Михеев Скворцов Юдин
Белоусов Нестеров Симонов Прокофьев Харитонов Князев Цветков Левин Воронцов Васильева Кузнецова Соколова Шевченко Коваленко
Бондаренко Ткаченко Кравченко Олейник Мельник Шевчук Бойко Коваль Поліщук Лисенко Марченко Руденко Савченко Петренко Димитров
Георгиев Стоянов Христов Тодоров Йорданов Јовановић Петровић Николић`)
export const CYRILLIC_PLACES = w(`Москва Новосибирск Екатеринбург Казань Челябинск Самара Омск Уфа Красноярск Воронеж Пермь Волгоград
Краснодар Саратов Тюмень Тольятти Ижевск Барнаул Ульяновск Иркутск Хабаровск Ярославль Владивосток Махачкала Томск Оренбург
Кемерово Рязань Астрахань Пенза Липецк Калининград Тула Сочи Мурманск Архангельск Смоленск Курск Белгород Ставрополь Сибирь Крым
Киев Київ Харьков Харків Одесса Одеса Днепр Дніпро Львов Львів Запорожье Запоріжжя Минск Гомель Брест Гродно Витебск Могилёв
Алматы Астана Ташкент Бишкек Душанбе Баку Ереван Тбилиси София Пловдив Варна Бургас Белград Нови-Сад Скопье Кишинёв Рига Таллин
Вильнюс Варшава Прага Берлин Париж Лондон Рим Вена Стамбул Пекин Токио Нью-Йорк Украина Беларусь Белоруссия Казахстан Россия`)
export const CYRILLIC_PHRASES = ['Санкт-Петербург', 'Нижний Новгород', 'Ростов-на-Дону', 'Великий Новгород', 'Набережные Челны']
export const GREEK_FIRST = w(`Γιώργος Γεώργιος Κώστας Κωνσταντίνος Δημήτρης Δημήτριος Νίκος Νικόλαος Γιάννης Ιωάννης Παναγιώτης Βασίλης
Χρήστος Μιχάλης Αντώνης Σπύρος Θανάσης Στέλιος Άγγελος Αλέξανδρος Πέτρος Παύλος Μανώλης Ανδρέας Ευάγγελος Θοδωρής Λευτέρης Στάθης
Μαρία Ελένη Αικατερίνη Κατερίνα Βασιλική Σοφία Αναστασία Ευαγγελία Δήμητρα Γεωργία Ιωάννα Χριστίνα Παναγιώτα Ειρήνη Αγγελική
Δέσποινα Νίκη Φωτεινή Αθηνά Βάσω Ζωή Ευτυχία Στέλλα Μυρτώ`)
export const GREEK_LAST = w(`Παπαδόπουλος Παπαδοπούλου Παπάς Οικονόμου Γεωργίου Νικολάου Δημητρίου Ιωάννου Κωνσταντίνου Αλεξίου
Βασιλείου Παππάς Μακρής Καραγιάννης Αθανασίου Χριστοδούλου Αντωνίου Πετρόπουλος Γεωργιάδης Ζαχαρίου Λαμπρόπουλος
Κωνσταντινίδης Αλεξανδρόπουλος Σπυρόπουλος Μιχαηλίδης Παπανικολάου Αναστασίου Θεοδωρόπουλος Καρράς Μαυρίδης Ευαγγέλου`)
export const GREEK_PLACES = w(`Αθήνα Θεσσαλονίκη Πάτρα Ηράκλειο Λάρισα Βόλος Ιωάννινα Χανιά Ρόδος Κέρκυρα Καλαμάτα Κρήτη Κύπρος Κύπρο
Λευκωσία Λεμεσός Λάρνακα Ελλάδα Σαντορίνη Μύκονος Πειραιάς Πειραιά Καβάλα Σέρρες Κομοτηνή Ξάνθη Δράμα Κοζάνη Τρίκαλα Χαλκίδα
Ρέθυμνο Νάξος Πάρος Ζάκυνθος Λέσβος Χίος Σάμος`)
// Titles and address words (capitalised: part of the run; lower-case: a person cue before it).
export const TITLES = w(`herr frau señor señora señorita sr sra srta don doña monsieur madame mademoiselle mme mlle signor signora
sig sig.ra pan pani senhor senhora sr. sra. dott dott.ssa господин госпожа г-н г-жа пан пані κύριος κυρία κ. δρ. ông bà chị`)
export const PERSON_CUES = w(`зовут звать спасибо уважаемый уважаемая дорогой дорогая λένε ονομάζομαι ευχαριστώ αγαπητέ αγαπητή
heißt heiße llamo chama appelle chiamo nazywam jmenuji`)
// Prepositions after which a capitalised word is a place ("в Москве", "στην Αθήνα", "nach Köln").
export const FOREIGN_PREPS = w(`в во из под над около возле у на στην στη στο στον από nach aus bei en em à desde hasta w ở tại`)
// Words that start a sentence or stand before a name and are never names themselves.
export const FOREIGN_NOTNAME = w(`ο η οι το τον την του της τα των ένας μια`)

// ---- Scripts without capitals (script table) ----
// Chinese: the most frequent surnames (Hundred Family Surnames and population counts), compound ones too.
export const HAN_SURNAMES = [...`王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤萧郑`]
// More surnames of the top few hundred, and the traditional forms of the frequent ones (Taiwan, Hong Kong).
export const HAN_SURNAMES_MORE = [...`聂乔邢牛樊葛倪殷褚鲁焦耿俞阮蓝翟滕詹祁岑裴柯卜伍庞邝欧包洪童祝岳齐易常温康安关施管单尚甘谷梅柳项季纪凌费
陳張劉楊黃趙吳孫馬鄭謝韓馮鄧蕭葉蘇盧蔣賈鍾譚陸範錢嚴顧龔萬羅呂許鄒廖潘曾彭蔡賴簡顏涂莊游鄺歐溫龍`]
export const HAN_COMPOUND_SURNAMES = w('欧阳 司马 上官 诸葛 东方 皇甫 尉迟 公孙 慕容 长孙 令狐 夏侯 司徒 端木')
// Surnames that begin everyday words too often (王国, 高兴, 方法...) count only with a cue.
export const HAN_WEAK_SURNAMES = [...'高林于余叶程石夏方白江史万向金任田龙严武文何包洪童祝岳齐易常温康安关施管单尚甘谷梅柳项季纪凌费牛葛鲁焦龍溫葉萬範簡']
// Characters frequent in given names (one or two after the surname). A name with no cue around it needs
// its given part made of these, so everyday words that start with a surname character (方法, 高速) stay out.
export const HAN_GIVEN = [...`伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红建文辉力斌宇浩凯鹏婷雪琳晶欣怡佳嘉俊峰鑫波宁丹玲慧
颖倩莉燕梅兰凤洁琴云飞龙海林东志国成春荣新亮晓小思雨涵梓轩睿博晨阳淑珍兵永健德光福庆彬昊然萱琪瑶璐婉妍蕾薇蓉
娇媛姗茜悦诗菲露曦晴瑞祥鸿宏泽楠鹤松柏梁栋毅彤蓓琦璇瑾瑜琼莹滢婧姝娅妮娴淼鑫森淳澄清源浩涵润沛潇渊江河湖
杨铭锋钰锐鹏翔翼腾龙凤麟骏驰勋昕晖昭晗旭昌晋显智慧聪颖达远迪逸遥通道辰星月霖霏雯雅琳珊瑛璟钧铮锦镇
子华安文武德仁忠孝诚宝贵富荣新建军卫民红兵胜利兴国强永春秋冬夏
偉芳娜敏靜麗強軍勇艷傑娟濤超華輝斌凱鵬婷雪琳晶欣怡佳嘉俊峰鑫寧丹玲慧穎倩莉燕蘭鳳潔琴雲飛龍東誌國榮亮曉雨
睿晨陽淑珍兵健德慶彬昊瑤璐蕾薇蓉嬌媛悅詩菲曦瑞祥鴻宏澤楠鶴棟毅彤琦璇瑾瑜瓊瑩婧妮嫻淼源潤瀟銘鋒鈺銳翔騰麟
駿馳勛昕暉昭旭昌晉顯智聰達遠迪逸遙辰星霖霏雯雅珊瑛璟鈞錚錦寶貴興秋冬夏仁忠孝誠郎介助彦雄夫輔也樹奈菜香恵翔蓮悠結葵咲里`.replace(/\s/g, '')]
// Words right after a name that end it: verbs of saying and doing, time words ("张伟表示", "李娜昨天").
export const HAN_NAME_END = w(`表示 指出 认为 介绍 透露 强调 回忆 解释 提出 发现 告诉 担任 出生 毕业 获得 参加 负责 曾经 今年 目前 一起
已经 正在 昨天 今天 明天 随后 通过 发表 主演 创办 成立 出任 来自 现任 同时 也是 等人 本人 先后 再次 率领 带领 带着 接受 承认
否认 坦言 笑称 称赞 决定 希望 觉得 打算 准备 同意 拒绝 离开 回到 来到 加入 认识 喜欢 一直 已于 当选 获奖 夺得 赢得
認為 介紹 強調 回憶 解釋 發現 告訴 擔任 畢業 獲得 參加 負責 曾經 一起 已經 隨後 通過 發表 創辦 來自 現任 同時 等人 帶領 帶著
決定 覺得 準備 離開 回到 來到 加入 認識 當選 獲獎 贏得`)
// Everyday words that begin with a surname character (never a name without a cue).
export const HAN_COMMON = w(`王国 王子 王朝 李子 张开 张贴 刘海 陈述 陈列 杨树 黄色 黄金 黄河 赵国 吴国 周末 周围 周年 周日 周一 周二 周三 周四 周五 周六
周期 周边 徐徐 孙子 马上 马路 马车 朱红 胡子 胡说 郭外 何时 何必 何况 高兴 高中 高级 高速 高度 林业 罗列 郑重 梁上 谢谢 宋朝 唐朝 许多 许可
韩国 冯氏 邓氏 曹操 彭湃 曾经 肖像 田地 董事 袁氏 潘氏 于是 蒋氏 蔡氏 余下 杜绝 叶子 程序 程度 苏醒 魏国 吕氏 丁香 任何 任务 沈默 姚氏 卢氏
姜汤 崔氏 钟表 钟头 谭氏 陆地 陆续 汪洋 范围 金额 金融 金属 石头 石油 廖氏 贾氏 夏天 夏季 韦氏 付款 付出 方法 方面 方向 方便 方式 方案
白天 白色 邹氏 孟氏 熊猫 秦朝 邱氏 江南 江湖 尹氏 薛氏 闫氏 段落 雷雨 侯爵 龙虾 史上 陶瓷 黎明 贺卡 顾客 顾问 毛巾 毛病 郝氏 龚氏 邵氏 万一
万元 钱包 严重 严格 覃氏 武器 武术 戴上 莫名 孔雀 向上 向下 向前 汤圆 萧条 方才 高手 高峰 金牌 石头 江山 龙头 马克 余额 程度 田园 任意
文化 文件 文字 文章 文学 文明 武汉`)
// Characters that end a name or cannot be the first character of a given name (function words, verbs).
export const HAN_STOP = [...`的是在了和与跟说也都就把被给对向从去到住请很不没要会能可已还又才让叫问这那我你他她们吗呢吧啊个及或等昨今前后里来回见做看想知道于为以而但如果所因此其之并且再最更只有下`]
export const HAN_CUE_BEFORE = w('我叫 你叫 他叫 她叫 名叫 叫做 名字叫 名字是 姓名 联系人 收件人 患者 名前は 氏名 聯絡人 聯繫人 收件人 申请人 申請人 持卡人 签名 簽名 担当者 申請者')
export const HAN_CUE_WEAK = w(`我是 他是 她是 是 记者 同事 经理 总经理 董事长 主任 教授 医生 老师 院长 校长 主席 总统 总理 部长 市长 省长 书记
局长 导演 演员 歌手 作家 律师 朋友 同学 丈夫 妻子 儿子 女儿 父亲 母亲 爸爸 妈妈 哥哥 姐姐 弟弟 妹妹 联系 通知 告诉 感谢 认识
见到 遇到 采访 邀请 客户 员工 学生 病人 会员 嫌疑人 被告 原告 证人 作者 编辑 发言人 负责人 创始人 选手 球员 教练 委员 代表
記者 同事 經理 總經理 董事長 醫生 老師 院長 校長 總統 總理 部長 市長 導演 演員 律師 同學 聯繫 聯絡 告訴 感謝 認識 見到 採訪
客戶 員工 學生 編輯 發言人 負責人 創辦人 選手 球員 教練 委員 代表 経理 担当 社員 記者 選手 監督 教授`)
export const HAN_CUE_AFTER = w(`患者 先生 女士 小姐 老师 教授 医生 同学 经理 主任 律师 博士 总裁 师傅 阿姨 太太 夫人 同志 院长 校长 局长 部长 处长
様 氏 さん くん ちゃん さま 先生 教授 部長 課長 社長 会長 選手 議員 監督 博士 董事长 总经理 主席 总统 总理 书记 市长 省长 记者
老師 醫生 同學 經理 律師 總裁 師傅 院長 校長 局長 處長 董事長 總經理 總統 總理 市長 記者 殿 君 さん達 たち 弁護士 医師 課長補佐 係長 店長`)
// Provinces, regions and large cities of China, Taiwan, Hong Kong; Japan's prefectures and cities.
export const HAN_PLACES = w(`北京 上海 天津 重庆 广东 广州 深圳 东莞 佛山 珠海 汕头 江苏 南京 苏州 无锡 常州 浙江 杭州 宁波 温州 绍兴 山东 济南
青岛 烟台 河北 石家庄 唐山 河南 郑州 洛阳 湖北 武汉 湖南 长沙 四川 成都 云南 昆明 贵州 贵阳 陕西 西安 山西 太原 安徽 合肥 福建
福州 厦门 江西 南昌 辽宁 沈阳 大连 吉林 长春 黑龙江 哈尔滨 甘肃 兰州 青海 西宁 海南 海口 三亚 广西 南宁 桂林 内蒙古 呼和浩特
宁夏 银川 新疆 乌鲁木齐 西藏 拉萨 香港 澳门 台湾 台北 高雄 台中 台南 中国 日本 韩国 美国 英国 法国 德国 俄罗斯 加拿大 澳大利亚
新加坡 马来西亚 泰国 越南 印度 意大利 西班牙 巴西 墨西哥 欧洲 亚洲 非洲 纽约 伦敦 巴黎 东京 首尔
東京 大阪 京都 北海道 札幌 仙台 横浜 名古屋 神戸 広島 福岡 那覇 沖縄 千葉 埼玉 神奈川 静岡 愛知 兵庫 奈良 宮城 青森 岩手 秋田
山形 福島 茨城 栃木 群馬 新潟 富山 石川 福井 山梨 長野 岐阜 三重 滋賀 和歌山 鳥取 島根 岡山 山口 徳島 香川 愛媛 高知 佐賀 長崎
熊本 大分 宮崎 鹿児島 川崎 北九州 堺 浜松 金沢 鎌倉 日光 中国 韓国 米国 台湾 上海 北京`)
export const HAN_PLACE_SUFFIX = [...'省市县区州镇都道府県郡町村']
export const KANA_PLACES = w('アメリカ イギリス フランス ドイツ イタリア スペイン カナダ オーストラリア ロシア ブラジル インド タイ ベトナム ニューヨーク ロンドン パリ ソウル')
// Everyday kana words that end in an honorific (たくさん "many", おかあさん "mother"): never a name.
export const KANA_COMMON = w(`たくさん みなさん みなさま おじさん おばさん おじいさん おばあさん おにいさん おねえさん おかあさん おとうさん かあさん とうさん
にいさん ねえさん じいさん ばあさん おにいちゃん おねえちゃん あかちゃん じいちゃん ばあちゃん かあちゃん とうちゃん にいちゃん ねえちゃん
ぼっちゃん おじょうさん おまわりさん ごちそうさま おかげさま おつかれさま おつかれさん ごくろうさま ごくろうさん おきゃくさま おきゃくさん
おうさま おひめさま かみさま ほとけさま おじょうさま おくさま おくさん だんなさん だんなさま おいしゃさん おいしゃさま ちびちゃん`)
// Japan: frequent surnames.
export const JA_SURNAMES = w(`佐藤 鈴木 高橋 田中 伊藤 渡辺 渡邊 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 斉藤 清水 山崎 森 池田
橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本 斉藤 福田 太田 西村 藤井 金子 岡本 藤原 中野
三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田 上田 原 内田 柴田 酒井 宮崎 横山 高木 安藤 宮本 大野 小島 工藤 谷口 今井 高田
増田 丸山 杉山 村田 大塚 新井 小山 平野 藤本 河野 上野 野口 武田 松井 千葉 岩崎 菅原 木下 久保 佐野 野村 松尾 菊地 杉本 市川 古川 大西 島田
水野 桜井 高野 渡部 吉川 山内 西田 飯田 菊池 西川 小松 北村 安田 五十嵐 川口 平田 関 中田 久保田 服部 岩田 土屋 川村 早川 本田 福島
辻 秋山 永井 馬場 中西 小池 田口 森本 大橋 荒木 石原 松下 浅野 大川 宮田 松岡 小沢 今村 内藤 西山 堀 中井 矢野 黒田 望月 片山 神田 北川
大石 福井 星野 尾崎 森下 原口 坂口 藤川 広瀬 岡崎 吉村 竹田 小西 野田 石橋 松村 上原 飯塚 岩本 大久保 川上 宮下 大谷 村井 荒井 堤 奥村
足立 小田 稲垣 三宅 平井 高山 松浦 熊谷 本間 須藤 小泉 藤村 竹中 大島 新田 村松 武藤 沢田 笠原 細川 本多 江口 吉岡 白石 樋口 西本
奥田 徳永 三上 今井 堀内 宮原 上村 寺田 小野寺 前川 安井 大竹 大森 宮内 宇野 松永 石塚 長田 浜田 中尾 岡村 青山 田辺 梅田 坂井 米田 浅井
内山 長尾 松原 藤岡 大平 若林 岸 栗原 高木 細谷 遠山 杉浦 宮川 津田 古田 鎌田 柳田 大山 村山 羽生 大谷 香川 北野 河合 岡部 田島 榎本`)
// Korea: surnames (one syllable) and places.
export const KO_SURNAMES = [...'김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형피두감음빈동온호범좌팽승간상시갈단견당화창옹순']
// Syllables frequent in Korean given names (민준, 서연, 지훈). Left out on purpose: syllables that mostly
// end everyday nouns (성 in 안정성, 자 in 이용자, 인, 적, 화) and 아, 하, 이, 가, which start or end too many words.
export const KO_GIVEN_SYLLABLES = [...`민서지현준수영은혜진재호우연희정동승윤유주원경상훈태석용철미선숙순옥혁빈규나예채다소한도시건환광종명식남창형근완효린율슬별찬솔결람겸휘욱범균열봉길택헌섭엽웅기일혜령란향애실옥`]
// Words after a bare given name that show it is one: kinship and address terms (준호 형, 지은 씨).
export const KO_KIN_AFTER = w('형 오빠 언니 누나 씨 님 선배 후배 선생님 동생 군 양 쌤')
export const KO_CUE_AFTER = w('대통령 장관 의원 총리 회장 감독 기자 작가 총장 위원장 배우 가수 환자 고객님 회원님 씨 님 선생님 선생 교수님 교수 박사님 박사 대표님 대표 사장님 사장 부장님 부장 과장님 과장 팀장님 팀장 의사 변호사 군 양')
export const KO_NAMING = w('이라고 라고 입니다 이에요 예요 이고 이며')
export const KO_CUE_BEFORE = w('이름은 이름이 성함은 성함이 이름: 성명 성명: 신청인 환자 보호자 담당자 작성자 수신인 발신인 고객명')
export const KO_CUE_WEAK = w('저는 나는 제가 내가')
export const KO_PARTICLES = w('은 는 이 가 을 를 의 에 에서 에게 께 께서 으로 로 와 과 도 만 까지 부터 이나 나 처럼 보다 에는 에서는 으로는 로는 하고 이랑 랑 한테 한테서 에게서 이도 이는 이가 이를 이의 이와 과의 와의 도 만큼 이라도 에게는')
export const KO_PLACES = w(`서울 부산 대구 인천 광주 대전 울산 세종 수원 성남 고양 용인 창원 청주 전주 천안 안산 안양 포항 제주 김해 평택 경주 강릉 춘천 원주
여수 목포 순천 경기 강원 충북 충남 전북 전남 경북 경남 충청 전라 경상 제주도 경기도 강원도 충청북도 충청남도 전라북도 전라남도 경상북도
경상남도 한국 대한민국 북한 일본 중국 미국 영국 프랑스 독일 캐나다 호주 베트남 태국 러시아 뉴욕 도쿄 베이징 런던 파리 강남 홍대 명동`)
export const KO_PLACE_SUFFIX = w('시 도 군 구 특별시 광역시 동 읍 면')
// Arabic: given names (unambiguous), given names that are also everyday words, family names, cues, places.
export const AR_FIRST = w(`محمد أحمد علي حسن حسين محمود مصطفى خالد عمر يوسف إبراهيم ابراهيم إسماعيل عبدالله عبدالرحمن عبد طارق زياد وليد سامي فيصل
ماجد بلال حمزة أنس معاذ عثمان صالح ناصر فهد سلطان تركي بندر نايف راشد سعود منصور ياسر هشام عادل عماد رامي مازن باسل فادي نبيل جمال
هاني وائل أيمن أسامة مروان جابر يحيى زكريا موسى عيسى سليمان داود إدريس فاطمة عائشة خديجة مريم زينب سارة ليلى هند رنا ريم لينا دينا
سلمى نادية سميرة هالة رشا منى هبة ياسمين نور آمنة أسماء شيماء إيمان جميلة رقية حنان سعاد سهى دعاء لمى جنى مي`)
// More frequent Arabic given names (Gulf, Levant, Egypt, Maghreb), with the usual spellings of hamza forms.
export const AR_FIRST_MORE = w(`أحمد احمد محمّد مُحمد عبدالعزيز عبدالرحيم عبدالكريم عبدالمجيد عبدالملك عبداللطيف عبدالقادر عبدالناصر عبدالحميد عبدالسلام
عبدالإله عبدالهادي عبدالفتاح عبدالوهاب عبدالرزاق عبدالغني عبدالحليم عبدالباسط عمرو أنور شريف رضا حازم حاتم حامد حمدي حمد
حمود خليفة زايد مبارك راشد سيف سالم سليم سعد سعيد مشعل مساعد متعب نواف بدر ثامر عبدالمحسن غازي فارس فراس قاسم كمال لؤي
ماهر محسن مراد معتز مهند نادر نزار نضال هيثم وسام ياسين يونس إياد اياد أيوب ايوب آدم ادم إلياس الياس أسامة اسامة أمجد امجد
إسحاق جواد جهاد حيدر رائد رياض زيد سامر شادي صلاح طلال عادل عدنان عزيز عصام علاء عماد غسان فؤاد فواز قصي كريم لطفي مجدي
محمود مختار مصعب معن منير مهدي موفق نبيل نعيم هادي هاشم وليد يزن يعقوب ابراهيم إسماعيل اسماعيل عبدالله عبد_الله
آية اية إسراء اسراء ألاء آلاء أماني اماني إيناس ايناس بسمة بشرى تسنيم جمانة حلا خلود دانة ديما رزان رغد روان ريهام زهرة
سارا سوسن شهد صفاء ضحى عبير عفاف علياء غادة غدير فرح لبنى لجين ليان مها ميار ميساء نجلاء نجوى نسرين نهى هيفاء وعد يارا
أمينة امينة بثينة حليمة رانيا سناء شيرين عائشة عبلة عزة فايزة كوثر ماجدة مروة منال نوال هناء هيام وداد`).map((n) => n.replace('_', ' '))
// Second parts of compound names and common family names (الدين in نور الدين, الزهراء, آل سعود).
// Second parts of compound given names: they continue a name (نور الدين, عبد الرحمن) and never start one.
export const AR_COMPOUND_SECOND = w('الدين الله الرحمن الرحيم الهدى الإسلام الحق العابدين الزهراء')
export const AR_LAST_MORE = w(`الشهري السبيعي العمري العنزي الرشيد السديري البلوشي الكعبي
النعيمي المري الكواري الأنصاري التميمي الجبوري الدليمي العبيدي الساعدي البغدادي الحلبي الدمشقي الشامي اللبناني الفلسطيني
المغربي التونسي الجزائري السوداني اليمني العراقي الكردي الأيوبي القرشي الهاشمي الشريف النابلسي الخليلي الطرابلسي البيروتي
الأسعد الحسن الحسين العباس الخالدي الفهد الراشد المنصوري المهيري الظاهري الشامسي البلوشي الزعابي الحمادي السويدي
الجاسم المطوع البدر الصباح الثاني الأحمد الجابر حداد خوري عيسى موسى عباس جبر ناصر عواد حمدان سلامة عطية نصر فرج بكر
غانم شاهين زيدان عثمان شعبان رمضان درويش قاسم كنعان مراد`)
export const AR_STOP = w(`في من على إلى الى عن مع أن إن ان قد لم لن لا ما هو هي هم كان كانت التي الذي الذين هذا هذه ذلك تلك بعد قبل عند حتى
ثم أو او يوم أمس اليوم غدا كل بين منذ خلال حول لدى عبر أي كما إذا اذا لكن بل نحو ضد دون`)
// Titles and roles before a name: weaker than اسمي or السيد, a listed name or a word without ال must follow.
export const AR_CUE_WEAK = w(`الرئيس الوزير الملك الأمير الأميرة النائب المدير المديرة الكاتب الكاتبة الصحفي الصحفية الفنان الفنانة السفير القاضي
المحامي المحامية العميل الزميل الزميلة صديقي صديقتي أخي أختي المواطن المواطنة الطالب الطالبة المريض المريضة الموظف الموظفة
اللاعب اللاعبة المدرب الطبيب الطبيبة الممرضة المعلم المعلمة الشاعر الباحث الباحثة رئيس وزير`)
// Organisation head words that open a name (بنك مصر, جامعة القاهرة, בנק לאומי, בית החולים איכילוב).
export const AR_ORG_HEAD = w(`بنك مصرف جامعة مستشفى شركة وزارة مؤسسة هيئة مجموعة منظمة جمعية بلدية مجلس أكاديمية كلية معهد صندوق اتحاد نادي
الخطوط طيران مصنع مختبر وكالة محكمة حزب مركز مدرسة سوق بورصة صحيفة قناة إذاعة`)
export const HE_ORG_HEAD = w(`בנק אוניברסיטת חברת משרד עיריית מכון ארגון קופת מכללת בית_החולים בית_ספר עמותת קרן רשות תנועת מפלגת איגוד`).map((n) => n.replace('_', ' '))
export const AR_FIRST_AMBIG = w('كريم جميل سعيد أمل هدى رحمة سلام أمين نور عمر حسن منى حياة صباح سماح وفاء')
export const AR_LAST = w(`العتيبي القحطاني الشمري الدوسري الحربي الغامدي الزهراني المطيري العنزي الشهري المالكي الهاشمي الحسيني الخطيب
النجار الحداد المصري الأحمد العلي الزهراء الصالح الخوري منصور حداد الفاروق إبراهيم عبدالله حسن علي محمد خليل سليمان عثمان يوسف`)
export const AR_CUE_BEFORE = w(`اسمي اسمه اسمها السيد السيدة الآنسة الدكتور الدكتورة د. الأستاذ الأستاذة المهندس المهندسة الشيخ الحاج يدعى تدعى
الأخ الأخت عزيزي عزيزتي`)
export const AR_NAME_JOIN = w('عبد بن ابن بنت أبو ابو أم')
export const AR_PLACES = w(`القاهرة الإسكندرية الجيزة الرياض جدة مكة المدينة الدمام دبي أبوظبي الشارقة الدوحة الكويت المنامة مسقط بيروت طرابلس
دمشق حلب عمّان عمان بغداد البصرة الموصل أربيل تونس الجزائر وهران الرباط فاس مراكش طنجة الخرطوم صنعاء عدن القدس غزة رام
مصر السعودية الإمارات قطر البحرين لبنان سوريا العراق الأردن فلسطين ليبيا المغرب السودان اليمن تركيا إيران فرنسا ألمانيا
أمريكا لندن باريس إسطنبول`)
export const AR_PLACE_PHRASES = ['الدار البيضاء', 'أبو ظبي', 'الولايات المتحدة', 'المملكة المتحدة', 'شرم الشيخ']
// Hebrew.
export const HE_FIRST = w(`משה יוסף יוסי אברהם יעקב יצחק דניאל מיכאל דוד אבי איתי יונתן נועם עומר אורי אמיר עידו רועי אלון יהודה שמואל
חיים מאיר אליהו בנימין אריאל איתן גיא עמית שרה רחל לאה רבקה מרים אסתר מיכל נועה תמר יעל שירה רונית אורית דנה הילה מאיה ענבל
אביגיל חנה אפרת ליאת קרן סיגל`)
export const HE_FIRST_AMBIG = w('חן טל גל אור שיר רון דן ים')
export const HE_LAST = w(`כהן לוי מזרחי פרץ ביטון דהן אברהם פרידמן אזולאי מלכה חדד גבאי אוחיון יוסף שפירא כץ רוזנברג גולדברג בן דוד שלום
אשכנזי ויצמן ברק גרינברג פרלמן קליין`)
export const HE_CUE_BEFORE = w(`שמי מר גב' גברת ד"ר ד״ר פרופ' הרב השופט עו"ד עו״ד בשם לכבוד`)
export const HE_PLACES = w(`ירושלים חיפה אילת נתניה אשדוד אשקלון חולון רחובות הרצליה טבריה נצרת עכו
צפת ישראל צרפת גרמניה אמריקה אנגליה לונדון פריז`)
export const HE_PLACE_PHRASES = ['תל אביב', 'באר שבע', 'רמת גן', 'פתח תקווה', 'ראשון לציון', 'בית שמש', 'ארצות הברית', 'ניו יורק', 'קריית שמונה', 'קריית גת', 'ראש העין', 'כפר סבא', 'הוד השרון', 'בני ברק', 'רמת השרון']

// Frequent given names and surnames of languages written in Latin letters beyond English (French, Spanish,
// Portuguese, Italian, German, Dutch, Nordic, Polish, Czech, Turkish, Vietnamese, Indonesian), with their
// diacritics; the census lists above are American and mostly without them.
export const LATIN_FIRST = w(`José María Juan Carlos Jesús Javier Antonio Manuel Francisco Miguel Ángel Alejandro Pablo Sergio Raúl Álvaro
Diego Adrián Iván Rubén Óscar Andrés Fernando Jorge Luis Alberto Ramón Joaquín Nicolás Martín Tomás Sebastián Matías Mateo Santiago
Lucía Sofía Valentina Camila Martina Paula Laura Carmen Isabel Ana Marta Elena Cristina Pilar Rocío Inés Nuria Beatriz Ainhoa
Maite Itziar Begoña Montserrat Mercedes Dolores Concepción Paco Pepe Lola Conchi João Gonçalo Rodrigo Tiago Thiago Gustavo Vinícius
Leonardo Rafael Bruno Felipe Gabriel Lucas Matheus Guilherme André Luíza Luísa Beatriz Mariana Larissa Letícia Fernanda Juliana
Bianca Vitória Gabriela Carolina Patrícia Bia Jean Pierre Jacques Michel François Philippe Louis Nicolas Julien Sébastien Maxime
Théo Hugo Mathis Clément Antoine Étienne Benoît Jérôme Rémi Stéphane Frédéric Cédric Loïc Gaël Noël Zoé Chloé Léa Manon Camille
Inès Emma Jade Louise Océane Mélanie Hélène Céline Aurélie Élodie Amélie Sandrine Nathalie Véronique Brigitte Françoise Geneviève
Marco Giuseppe Giovanni Francesco Alessandro Andrea Matteo Lorenzo Davide Riccardo Federico Fede Stefano Luca Paolo Giorgio
Salvatore Vincenzo Gianluca Niccolò Giulia Chiara Francesca Alessia Sara Martina Giorgia Federica Silvia Elisa Valentina Alessandra
Jürgen Jörg Günter Günther Björn Sören Uwe Klaus Dieter Horst Helmut Wolfgang Manfred Werner Rüdiger Lutz Jens Stefan Matthias
Thorsten Torsten Tobias Lukas Jonas Felix Maximilian Moritz Niklas Jannik Florian Sebastian Katharina Jürgen Ursula Jutta Dörte
Bärbel Käthe Anja Sabine Petra Heike Birgit Stefanie Anke Silke Maren Lea Lena Mia Hanna Johanna Annika Sven Lars Nils Anders
Henrik Magnus Øyvind Ørjan Åse Åsa Kåre Ståle Bjørn Søren Mette Sigrid Ingrid Astrid Liv Solveig Kirsti Jukka Mikko Matti Juha
Pekka Antti Jari Timo Päivi Anneli Sanna Aino Piotr Paweł Krzysztof Tomasz Andrzej Michał Marcin Łukasz Grzegorz Jakub Mateusz
Wojciech Kamil Maciej Rafał Przemysław Bartłomiej Małgorzata Agnieszka Katarzyna Kasia Joanna Magdalena Aleksandra Ewa Beata
Dorota Elżbieta Halina Bożena Grażyna Jadwiga Zofia Jiří Petr Pavel Tomáš Lukáš Jakub Jan Martin Ondřej Václav Zdeněk Eva Jana
Lucie Kateřina Tereza Veronika Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim İsmail Osman Yusuf Murat Ömer Ramazan Halil Süleyman
Emre Burak Can Cem Kerem Oğuz Barış Serkan Volkan Deniz Zeynep Elif Ayşe Fatma Emine Hatice Merve Büşra Esra Özge Gülşen Şeyma
Ebru Sevgi Yasemin Çağla Dilek Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Minh Hùng Dũng Tuấn Hải
Thắng Hương Lan Linh Trang Thảo Phương Ngọc Hạnh Budi Agus Siti Dewi Putri Wayan Made Bagus Rizky Eko Sri`)
export const LATIN_LAST = w(`García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno
Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano Blanco Suárez Molina Morales
Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés Castillo Santos Lozano Guerrero Cano Prieto
Méndez Cruz Calvo Gallego Vidal León Márquez Herrera Peña Flores Cabrera Campos Vega Fuentes Carrasco Díez Reyes Caballero Aguilar
Silva Santos Oliveira Souza Sousa Pereira Costa Rodrigues Almeida Nascimento Lima Araújo Carvalho Gomes Ribeiro Martins Rocha
Gonçalves Fernandes Lopes Conceição Magalhães Brandão Assunção Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy
Moreau Simon Laurent Lefèvre Lefebvre Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard André Mercier Dupont Lambert
Bonnet François Martinez Legrand Garnier Faure Rousseau Blanc Guérin Muller Henry Roussel Nicolas Perrin Morin Mathieu Clément
Gauthier Dumont Lopez Fontaine Chevalier Robin Masson Sanchez Gérard Nguyen Boyer Denis Lemaire Duval Joly Gautier Roger Roche
Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Costa Giordano Mancini Rizzo Lombardi
Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone Longo Gentile Martinelli Vitale Lombardo Serra
Coppola Sala Cattaneo Fabbri Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter
Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Schmitz Krause Meier Lehmann
Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert Vogel
Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus
Martin Schumacher Krämer Vogt Stein Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Jansen Janssen Visser Smit Meijer
Bakker Mulder Bos Vos Peeters Maes Jacobs Mertens Willems Claes Goossens Wouters Hansen Johansen Olsen Larsen Andersen Pedersen
Nielsen Kristiansen Jensen Karlsen Johnsen Pettersen Eriksen Berg Haugen Hagen Johannessen Andersson Johansson Karlsson Nilsson
Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jönsson Lindberg Lindström Korhonen Virtanen Mäkinen Nieminen
Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen Nowak Kowalski Kowalska Wiśniewski Wiśniewska Wójcik Kowalczyk Kamiński
Kamińska Lewandowski Lewandowska Zieliński Zielińska Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk
Piotrowski Grabowski Nowakowski Pawłowski Michalski Król Wieczorek Jabłoński Wróbel Majewski Olszewski Stępień Malinowski Górski
Rutkowski Dudek Sikora Walczak Baran Szewczyk Ostrowski Tomaszewski Pietrzak Marciniak Zalewski Jakubowski Sadowski Duda Włodarczyk
Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák Němec Marek Pokorný Pospíšil Hájek Jelínek Král Růžička Beneš
Fiala Sedláček Doležal Zeman Kolář Navrátil Čermák Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan
Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Erdoğan Aktaş Güneş Yalçın Pavlović Jovanović Petrović Nikolić Marković
Đorđević Stojanović Ilić Horvat Kovačević Babić Marić Jurić Novak Kovač Tóth Nagy Szabó Kovács Horváth Varga Kiss Molnár Németh
Farkas Balogh Papp Takács Juhász Lakatos Mészáros Popescu Ionescu Popa Pop Radu Dumitru Stan Stoica Gheorghe Matei Ciobanu Rusu
Munteanu Dumitrescu Constantin Florea Tran Le Pham Hoang Huynh Phan Vu Vo Dang Bui Do Ho Ngo Duong Ly Wijaya Santoso Susanto
Hidayat Saputra Setiawan Gunawan Pratama Kusuma Siregar Nasution Lubis`)
export const ARTICLES = w('le la les el los las il lo gli der die das des du un une una uno ein eine het een')
// Words after a place name that make it part of an organisation's name (東京大学, 北京银行).
export const HAN_ORG_AFTER = w('大学 大學 银行 銀行 医院 病院 公司 集团 会社 株式会社 学院 中学 小学 高校 电视台 政府 大学校 医科大学 工业 工業 电力 電力')
// Arabic and Hebrew street words: the words after them name a street, not a person.
export const STREET_WORDS = w('شارع طريق حي ميدان جادة רחוב שדרות שד׳ סמטת כיכר')
// Cities and regions of Europe under their own languages' names (the city list above is in English).
export const NATIVE_PLACES = w(`Wien München Köln Nürnberg Düsseldorf Frankfurt Braunschweig Zürich Genf Genève Basel Bern Luzern
Milano Torino Firenze Napoli Roma Venezia Genova Bologna Palermo Padova Trieste Verona Bari Catania Lisboa Porto Coimbra Braga
Sevilla Zaragoza Málaga Córdoba Alicante Bilbao València Valencia Granada Murcia Palma Donostia Praha Brno Ostrava Plzeň Warszawa
Kraków Wrocław Poznań Gdańsk Łódź Szczecin Lublin Katowice Bydgoszcz Białystok Sopot Gdynia Toruń București Bucureşti Cluj-Napoca
Iași Timișoara Brașov Constanța Budapest Debrecen Szeged Pécs Győr Beograd Zagreb Split Rijeka Ljubljana Sarajevo Skopje Sofija
Athína Thessaloníki Bruxelles Brussel Antwerpen Gent Liège Luxembourg København Aarhus Odense Göteborg Malmö Uppsala Tromsø Trondheim
Stavanger Bergen Helsinki Tampere Turku Oulu Espoo Vantaa Reykjavík Moskva İstanbul Ankara İzmir Bursa Antalya Adana Konya Bodrum
Lyon Marseille Toulouse Nice Nantes Strasbourg Montpellier Bordeaux Lille Rennes Reims Grenoble Dijon Angers Nîmes Clichy Besançon
Hà Nội Huế Đà Nẵng Hải Phòng Cần Thơ Sài Gòn Bayern Sachsen Hessen Brandenburg Thüringen Niedersachsen Nordrhein-Westfalen
Baden-Württemberg Schleswig-Holstein Rheinland-Pfalz Mecklenburg-Vorpommern Sachsen-Anhalt Saarland Tirol Steiermark Kärnten
Andalucía Cataluña Catalunya Galicia Aragón Castilla Extremadura Asturias Cantabria Navarra Euskadi Lombardia Piemonte Toscana
Veneto Sicilia Sardegna Campania Puglia Calabria Liguria Lazio Bretagne Normandie Alsace Bourgogne Occitanie Île-de-France
Mazowsze Małopolska Śląsk Pomorze Wielkopolska Toledo Salamanca Valladolid Cádiz Santander Oviedo Pamplona Tarragona Girona`)
export const NATIVE_PLACE_PHRASES = ['Hà Nội', 'Đà Nẵng', 'Hải Phòng', 'Cần Thơ', 'Sài Gòn', 'Thành phố Hồ Chí Minh', 'Den Haag', 'Île de France']
// Devanagari (Hindi, Marathi, Nepali): given names, surnames, cues and places.
export const HI_FIRST = w(`राहुल संजय विकास अमित अनिल सुनील राजेश रमेश सुरेश दिनेश महेश मनोज अजय विजय आकाश रोहित अरुण अशोक प्रकाश
राकेश मुकेश दीपक नितिन सचिन विशाल गौरव अभिषेक आदित्य अर्जुन करण राज रवि सौरभ प्रिया पूजा अंजलि सुनीता अनीता कविता सीमा नेहा
रीना मीना गीता सरिता ममता रेखा स्नेहा दिव्या आरती श्वेता ज्योति प्रियंका शालिनी निशा`)
export const HI_LAST = w(`शर्मा वर्मा गुप्ता यादव सिंह कुमार पटेल जोशी मिश्रा तिवारी पांडे पाण्डेय श्रीवास्तव अग्रवाल जैन चौधरी रेड्डी नायर
मेहता शाह दुबे त्रिपाठी चौहान राठौर ठाकुर सक्सेना भट्ट कपूर खन्ना मल्होत्रा बंसल गोयल`)
export const HI_CUE_BEFORE = w('श्री श्रीमती सुश्री डॉ डॉ. आवेदक नाम: नाम')
export const HI_PLACES = w(`दिल्ली मुंबई पुणे बेंगलुरु बंगलौर कोलकाता चेन्नई हैदराबाद लखनऊ जयपुर अहमदाबाद कानपुर पटना भोपाल इंदौर नागपुर
वाराणसी आगरा सूरत नोएडा गुड़गांव गुरुग्राम चंडीगढ़ देहरादून शिमला रांची भारत नेपाल काठमांडू महाराष्ट्र गुजरात राजस्थान बिहार
पंजाब केरल कर्नाटक तमिलनाडु उत्तराखंड`)
export const HI_PLACE_PHRASES = ['उत्तर प्रदेश', 'मध्य प्रदेश', 'नई दिल्ली', 'पश्चिम बंगाल']

// Thai (no spaces between words; a space often ends a name): titles before a name, everyday words that
// start with a title, and provinces and large cities found inside runs.
export const TH_CUE_BEFORE = w('นางสาว นาย นาง คุณ ชื่อ ผู้ป่วย อาจารย์ ด็อกเตอร์')
export const TH_COMMON = w(`นายก นายกรัฐมนตรี นายจ้าง นายหน้า นายทหาร นายอำเภอ นางฟ้า นางพยาบาล นางแบบ นางงาม คุณภาพ คุณค่า คุณสมบัติ คุณธรรม
คุณแม่ คุณพ่อ คุณครู คุณประโยชน์ คุณลักษณะ คุณูปการ ชื่อเสียง ชื่อเรื่อง ชื่อผู้ใช้ ชื่อว่า`)
export const TH_PLACES = w(`กรุงเทพ กรุงเทพฯ กรุงเทพมหานคร เชียงใหม่ เชียงราย ภูเก็ต ขอนแก่น พัทยา ชลบุรี นครราชสีมา โคราช อุดรธานี หาดใหญ่
สงขลา สุราษฎร์ธานี อยุธยา นนทบุรี ปทุมธานี ระยอง กระบี่ หัวหิน ลำปาง พิษณุโลก อุบลราชธานี นครศรีธรรมราช สมุทรปราการ
ประเทศไทย เกาะสมุย ลำพูน แม่ฮ่องสอน นครปฐม ราชบุรี กาญจนบุรี สระบุรี ลพบุรี นครสวรรค์ ตาก สุโขทัย เพชรบุรี ประจวบคีรีขันธ์
ชุมพร ตรัง สตูล ปัตตานี ยะลา นราธิวาส บุรีรัมย์ สุรินทร์ ศรีสะเกษ ร้อยเอ็ด มหาสารคาม กาฬสินธุ์ สกลนคร นครพนม มุกดาหาร
หนองคาย เลย ชัยภูมิ ลาว กัมพูชา เวียดนาม มาเลเซีย สิงคโปร์ ญี่ปุ่น จีน เกาหลี อเมริกา อังกฤษ`)
