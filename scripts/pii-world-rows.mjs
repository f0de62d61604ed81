// Hand-written rows of the pii-world benchmark (built into test/fixtures/pii-world.jsonl by
// scripts/pii-world-fixtures.mjs). Each row: [id, kind, script, text]; the id's prefix up to the first
// "-" is the language. Spans are marked [[TYPE|value]]; @generator(args):format makes an identifier
// with a valid check digit (see the script). Names, numbers and addresses are invented; public figures,
// real cities, countries and companies appear as themselves.
//
// Labelling, as Presidio's evaluator would: PERSON is the name without title or honorific (Dr., Frau,
// さん, 씨, السيد); LOCATION is a city, region, country or a whole postal address as one span;
// ORGANIZATION includes its legal suffix; NRP is a nationality, religion or political group;
// DATE_TIME only explicit dates and clock times (relative words such as "tomorrow" are not labelled).
// Every such entity in a row is labelled. IDs never change once published: append, don't renumber.
export const ROWS = [
  // ------------------------------------------------------------------------------------------ English
  ['en-s01', 'standard', 'latin', 'Hi team, please send the signed contract to [[PER|Margaret Okafor]] at [[EMAIL|m.okafor@example.com]] so legal can countersign it.'],
  ['en-s02', 'standard', 'latin', 'Patient: [[PER|Harold Brennan]]\nDOB: [[DATE|04/11/1958]]\nMRN: [[MRN|@mrn(7)]]\nReferred by [[PER|Priya Raman]], [[ORG|Lakeside Family Clinic]].'],
  ['en-s03', 'standard', 'latin', 'Card on file: [[CARD|@visa]]. Billing contact [[PER|Dale Whitcombe]], [[PHONE|(555) 013-4471]].'],
  ['en-s04', 'standard', 'latin', 'My SSN is [[SSN|@ssn]] and my ITIN was [[ITIN|@itin]] before that; both are on the W-7 I mailed.'],
  ['en-s05', 'standard', 'latin', 'Ship to: [[PER|Teresa Lindqvist]], [[LOC|4417 Maple Ridge Drive, Apt 3B, Boulder, CO 80301]]'],
  ['en-s06', 'standard', 'latin', 'The [[ORG|World Health Organization]] opened a regional office in [[LOC|Nairobi]], [[LOC|Kenya]], last year.'],
  ['en-s07', 'standard', 'latin', '[[PER|Samuel Adeyemi]] joined [[ORG|Microsoft]] in [[LOC|Seattle]] after eight years at [[ORG|Shopify]].'],
  ['en-s08', 'standard', 'latin', 'NHS number [[NHS|@nhs]] - please quote this when you call the surgery on [[PHONE|020 7946 0321]].'],
  ['en-s09', 'standard', 'latin', 'Your National Insurance number is [[NINO|@nino:space]]. Keep it safe, [[PER|Gareth]].'],
  ['en-s10', 'standard', 'latin', 'Referring provider: Dr. [[PER|Alicia Montrose]], NPI [[NPI|@npi]], [[ORG|Riverside Orthopedic Associates]].'],
  ['en-s11', 'standard', 'latin', 'Wire the deposit to IBAN [[IBAN|@iban(GB)]] (account name [[ORG|Harbour Lettings Ltd]]).'],
  ['en-s12', 'standard', 'latin', 'Tax file number: [[TFN|@tfn]]\nABN: [[ABN|@abn]]\nMedicare: [[MEDICARE|@medicare]]\nName: [[PER|Kylie Brennan-Shaw]]'],
  ['en-s13', 'standard', 'latin', 'The applicant, [[PER|Ravi Kulkarni]], submitted Aadhaar [[AADHAAR|@aadhaar]] and PAN [[PAN|@pan]] with the form.'],
  ['en-s14', 'standard', 'latin', 'NRIC: [[NRIC|@nric(S)]]. Please bring the original to our [[LOC|Jurong East]] branch.'],
  ['en-s15', 'standard', 'latin', 'CV - [[PER|Hannah Osei]]\n[[LOC|Manchester]], [[LOC|UK]] | [[PHONE|+44 7700 900418]] | [[EMAIL|hannah.osei@example.co.uk]]\nData analyst at [[ORG|Barclays]]'],
  ['en-s16', 'standard', 'latin', '[[ORG|Reuters]] reported that [[ORG|Toyota]] will build a battery plant near [[LOC|Greensboro]], [[LOC|North Carolina]].'],
  ['en-s17', 'standard', 'latin', 'As a [[NRP|Catholic]] school, [[ORG|St. Aidan\'s Academy]] admits pupils of every faith.'],
  ['en-s18', 'standard', 'latin', 'The [[NRP|Republican]] senator met [[NRP|Ukrainian]] officials in [[LOC|Kyiv]] on [[DATE|14 March 2024]].'],
  ['en-c01', 'contextual', 'latin', "I'll meet [[PER|Jordan]] at [[LOC|Summit]] and then we drive down to see [[PER|Taylor]]."],
  ['en-c02', 'contextual', 'latin', 'ok so [[PER|Morgan]] said the offsite moved to [[LOC|Reno]], can you tell [[PER|Casey]]?'],
  ['en-c03', 'contextual', 'latin', 'Thanks for your order. Your account manager [[PER|Quinn]] will reach out from our [[LOC|Dublin]] office.'],
  ['en-c04', 'contextual', 'latin', 'Spoke with [[PER|Ellis]] from [[ORG|Northwind]]; they want the renewal quote by the end of the quarter.'],
  ['en-c05', 'contextual', 'latin', 'Chart note: pt reports chest pain x2d. Wife [[PER|Denise]] at bedside. Call back [[PHONE|555-0148]].'],
  ['en-c06', 'contextual', 'latin', 'He grew up in [[LOC|Paris]] - [[LOC|Texas]], not [[LOC|France]] - and moved to [[LOC|Lagos]] for work.'],
  ['en-c07', 'contextual', 'latin', 'Reach me on [[PHONE|0491 570 156]] or message [[PER|Bec]] if I miss it.'],
  ['en-c08', 'contextual', 'latin', 'Interviewed at [[ORG|Stripe]] and [[ORG|Monzo]]; the offer from [[ORG|Wise]] came first.'],
  ['en-a01', 'ambiguous', 'latin', '[[PER|Rose]] planted a rose bush by the gate and asked [[PER|Will]] whether he will water it.'],
  ['en-a02', 'ambiguous', 'latin', '[[PER|Georgia]] flew from [[LOC|Atlanta]], [[LOC|Georgia]] to [[LOC|Tbilisi]], [[LOC|Georgia]].'],
  ['en-a03', 'ambiguous', 'latin', 'I ate an apple while reading that [[ORG|Apple]] is opening a store in [[LOC|Mumbai]].'],
  ['en-a04', 'ambiguous', 'latin', '[[PER|Hope]] and [[PER|Faith Mercer]] run a bakery; hope you can try their bread.'],
  ['en-a05', 'ambiguous', 'latin', 'Mr [[PER|Baker]] is not a baker, he is an actuary at [[ORG|Aviva]].'],
  ['en-a06', 'ambiguous', 'latin', 'Call [[PER|Bill]] about the bill, and ask [[PER|Mark]] to mark the invoice paid.'],
  ['en-a07', 'ambiguous', 'latin', 'We drove through [[LOC|Reading]] while reading the map; [[PER|Sue]] did not sue anyone.'],
  ['en-a08', 'ambiguous', 'latin', 'Our new hire [[PER|Brooklyn Hayes]] moved here from [[LOC|Brooklyn]] and used to work at [[ORG|Amazon]].'],
  ['en-x01', 'adversarial', 'latin', 'my social is [[SSN|@ssn:spaced]] dont share it'],
  ['en-x02', 'adversarial', 'latin', 'write to me: [[EMAIL|tom dot reyes at example dot com]] (no spam pls)'],
  ['en-x03', 'adversarial', 'latin', 'card [[CARD|@visa:fw]] thanks'],
  ['en-x04', 'adversarial', 'latin', 'ssn [[SSN|@ssn:zw]] and phone [[PHONE|555\u200b-0173\u200b-2290]]'],
  ['en-x05', 'adversarial', 'latin', 'Please charge\n[[CARD|@mc:nl]]\nfor the renewal.'],
  ['en-x06', 'adversarial', 'latin', 'hey its [[PER|jessica moreno]] from the [[LOC|tampa]] office, text me at [[PHONE|5 5 5 - 0 1 9 2 - 4 4 1 8]]'],
  ['en-x07', 'adversarial', 'latin', 'email: [[EMAIL|kevin.oduya [at] example [dot] org]]'],
  ['en-x08', 'adversarial', 'latin', 'MRN [[MRN|@mrn(8):spaced]] - pt [[PER|r. castellano]]'],
  ['en-x09', 'adversarial', 'latin', 'pay to [[IBAN|@iban(DE):zw]] ref invoice 2231'],
  ['en-x10', 'adversarial', 'latin', 'NHS no:\n[[NHS|@nhs:nl]]'],
  ['en-n01', 'negative', 'latin', 'Order #10482-77 shipped; tracking 1Z999AA10123456784 will update within 24 hours.'],
  ['en-n02', 'negative', 'latin', 'Commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b fixed the build on version 3.14.2.'],
  ['en-n03', 'negative', 'latin', 'Final score 3-1; attendance 41,207. Next fixture kicks off at the usual time.'],
  ['en-n04', 'negative', 'latin', 'Request id 3fa85f64-5717-4562-b3fc-2c963f66afa6 returned status 503 after 1200 ms.'],
  ['en-n05', 'negative', 'latin', 'Summer Sale: The Big Green Egg, Model XL, now 20% off. Free Shipping On Orders Over 50.'],
  ['en-n06', 'negative', 'latin', 'The quick brown fox jumps over the lazy dog. Please Read Carefully Before Signing.'],
  ['en-n07', 'negative', 'latin', 'Part numbers 4000-1234-5678 and 555-1212-A are obsolete; use SKU 88310-22 instead.'],
  ['en-n08', 'negative', 'latin', 'Step 1: Open Settings. Step 2: Choose Privacy. Step 3: Turn Off Location History.'],

  // ------------------------------------------------------------------------------------------ German
  ['de-s01', 'standard', 'latin-diacritics', 'Sehr geehrte Frau [[PER|Schäfer]], Ihre Versichertennummer wurde an [[EMAIL|j.schaefer@example.de]] gesendet.'],
  ['de-s02', 'standard', 'latin-diacritics', 'Bitte überweisen Sie den Betrag auf [[IBAN|@iban(DE)]] bei der [[ORG|Sparkasse Köln Bonn]].'],
  ['de-s03', 'standard', 'latin-diacritics', 'Herr [[PER|Jürgen Weißmüller]] wohnt in der [[LOC|Bahnhofstraße 12, 80335 München]] und ist unter [[PHONE|+49 89 1234 5678]] erreichbar.'],
  ['de-s04', 'standard', 'latin-diacritics', 'Die [[ORG|Siemens AG]] hat in [[LOC|Erlangen]] einen neuen Campus eröffnet.'],
  ['de-s05', 'standard', 'latin-diacritics', 'Arztbrief: Patientin [[PER|Gülay Öztürk]], geb. [[DATE|17.06.1971]], Fallnummer [[MRN|@mrn(9)]], Aufnahme über die Notaufnahme.'],
  ['de-c01', 'contextual', 'latin-diacritics', 'Kannst du [[PER|Lena]] sagen, dass wir uns in [[LOC|Husum]] treffen? [[PER|Jonas]] kommt später nach.'],
  ['de-c02', 'contextual', 'latin-diacritics', 'Ansprechpartner bei der [[ORG|Brandt & Söhne GmbH]] ist [[PER|Frieda Kühn]], Tel. [[PHONE|0711 9876543]].'],
  ['de-a01', 'ambiguous', 'latin-diacritics', 'Herr [[PER|Koch]] ist Koch in [[LOC|Essen]] und kocht gutes Essen.'],
  ['de-a02', 'ambiguous', 'latin-diacritics', 'Frau [[PER|Wolf]] sah im Wald bei [[LOC|Hameln]] keinen Wolf.'],
  ['de-x01', 'adversarial', 'latin-diacritics', 'meine mail: [[EMAIL|anna punkt berger at example punkt de]]'],
  ['de-x02', 'adversarial', 'latin-diacritics', 'Kreditkarte [[CARD|@visa:spaced]] bitte belasten'],
  ['de-n01', 'negative', 'latin-diacritics', 'Rechnung Nr. 2024-00815 vom Lieferanten, Artikel 4711, Menge 12 Stück, Gesamt 345,90 EUR.'],
  ['de-n02', 'negative', 'latin-diacritics', 'Die Sonne scheint, der Wind weht und die Kinder spielen im Garten Fußball.'],

  // ------------------------------------------------------------------------------------------ French
  ['fr-s01', 'standard', 'latin-diacritics', 'Bonjour, je suis [[PER|Céline Dubois-Lefèvre]] et j\'habite au [[LOC|14 rue des Lilas, 69003 Lyon]].'],
  ['fr-s02', 'standard', 'latin-diacritics', 'Merci de virer la somme sur le compte [[IBAN|@iban(FR)]] au nom de [[PER|Étienne Marchand]].'],
  ['fr-s03', 'standard', 'latin-diacritics', 'Le groupe [[ORG|Danone]] a annoncé la fermeture de son usine de [[LOC|Rouen]].'],
  ['fr-s04', 'standard', 'latin-diacritics', 'Contactez [[PER|Noémie Garnier]] au [[PHONE|01 99 00 42 17]] ou par courriel : [[EMAIL|noemie.garnier@example.fr]].'],
  ['fr-c01', 'contextual', 'latin-diacritics', 'On se retrouve chez [[PER|Maxime]] à [[LOC|Nantes]] ? [[PER|Inès]] apporte le dessert.'],
  ['fr-a01', 'ambiguous', 'latin-diacritics', 'Madame [[PER|Boulanger]] n\'est pas boulangère ; elle travaille chez [[ORG|Orange]] à [[LOC|Grenoble]].'],
  ['fr-x01', 'adversarial', 'latin-diacritics', 'écris-moi à [[EMAIL|lucas point martin arobase example point fr]] stp'],
  ['fr-x02', 'adversarial', 'latin-diacritics', 'mon numéro : [[PHONE|0 6 3 9 9 8 1 2 3 4]]'],
  ['fr-n01', 'negative', 'latin-diacritics', 'Commande n° 58-22714, colis de 3,5 kg, livraison prévue sous 48 h. Réf. article : LX-2290.'],

  // ------------------------------------------------------------------------------------------ Spanish
  ['es-s01', 'standard', 'latin-diacritics', 'Datos del cliente: [[PER|María José Núñez Ortega]], NIF [[NIF|@nif]], domicilio en [[LOC|Calle de Alcalá 87, 28009 Madrid]].'],
  ['es-s02', 'standard', 'latin-diacritics', 'El ciudadano [[NRP|colombiano]] [[PER|Andrés Felipe Rojas]] presentó su NIE [[NIE|@nie]] en la oficina de [[LOC|Valencia]].'],
  ['es-s03', 'standard', 'latin-diacritics', '[[ORG|Telefónica]] y [[ORG|Banco Santander]] firmaron un acuerdo en [[LOC|Barcelona]].'],
  ['es-s04', 'standard', 'latin-diacritics', 'Puede llamarme al [[PHONE|+34 612 345 678]] o escribir a [[EMAIL|lucia.herrera@example.es]].'],
  ['es-c01', 'contextual', 'latin-diacritics', 'Mañana voy a [[LOC|Toledo]] con [[PER|Paco]]; luego cenamos en casa de [[PER|Maite]].'],
  ['es-a01', 'ambiguous', 'latin-diacritics', '[[PER|Rosario]] vive en [[LOC|Rosario]], [[LOC|Argentina]], y trabaja en [[ORG|Mercado Libre]].'],
  ['es-x01', 'adversarial', 'latin-diacritics', 'mi nif es [[NIF|@nif:spaced]] y mi correo [[EMAIL|pablo arroba example punto es]]'],
  ['es-n01', 'negative', 'latin-diacritics', 'Pedido 2024/1187 enviado. Código de seguimiento ES-7731-0042. Gracias por su compra.'],

  // ------------------------------------------------------------------------------------------ Portuguese
  ['pt-s01', 'standard', 'latin-diacritics', 'A [[ORG|Petrobras]] anunciou investimentos no [[LOC|Rio de Janeiro]] e em [[LOC|Santos]].'],
  ['pt-s02', 'standard', 'latin-diacritics', 'Olá, sou o [[PER|João Conceição]], moro na [[LOC|Rua Augusta 210, 1100-053 Lisboa]]. Telefone [[PHONE|+351 912 345 678]].'],
  ['pt-s03', 'standard', 'latin-diacritics', 'Transferência para o IBAN [[IBAN|@iban(PT)]], titular [[PER|Ana Sofia Magalhães]].'],
  ['pt-c01', 'contextual', 'latin-diacritics', 'Fala com a [[PER|Bia]], ela vai estar em [[LOC|Curitiba]] na semana que vem.'],
  ['pt-x01', 'adversarial', 'latin-diacritics', 'meu email é [[EMAIL|rafael ponto lima arroba example ponto com ponto br]]'],

  // ------------------------------------------------------------------------------------------ Italian
  ['it-s01', 'standard', 'latin-diacritics', 'Il sig. [[PER|Marco Bianchi]], codice fiscale [[CF|@cf(BNC,MRC,79,7,14,M,F205)]], residente a [[LOC|Milano]].'],
  ['it-s02', 'standard', 'latin-diacritics', 'La dott.ssa [[PER|Giulia Rossi]] (C.F. [[CF|@cf(RSS,GLI,85,3,12,F,H501)]]) lavora presso l\'[[ORG|Ospedale San Raffaele]].'],
  ['it-s03', 'standard', 'latin-diacritics', 'Bonifico su IBAN [[IBAN|@iban(IT)]] intestato a [[ORG|Ferri Costruzioni S.r.l.]]'],
  ['it-c01', 'contextual', 'latin-diacritics', 'Ci vediamo a [[LOC|Bari]] con [[PER|Gianni]]? Porta anche [[PER|Chiara]].'],
  ['it-x01', 'adversarial', 'latin-diacritics', 'cf: [[CF|@cf(FRR,LCU,92,11,3,M,L219):fwcompact]]'],

  // ------------------------------------------------------------------------------------------ Polish
  ['pl-s01', 'standard', 'latin-diacritics', 'Pacjentka [[PER|Małgorzata Wójcik]], PESEL [[PESEL|@pesel(1984,5,21,F)]], zamieszkała w [[LOC|Krakowie]].'],
  ['pl-s02', 'standard', 'latin-diacritics', 'Proszę o przelew na konto [[IBAN|@iban(PL)]]. Odbiorca: [[PER|Paweł Zieliński]].'],
  ['pl-c01', 'contextual', 'latin-diacritics', 'Spotkamy się z [[PER|Kasią]] w [[LOC|Gdańsku]], a potem jedziemy do [[LOC|Sopotu]].'],
  ['pl-x01', 'adversarial', 'latin-diacritics', 'mój pesel: [[PESEL|@pesel(2001,9,2,M):spaced]]'],

  // ------------------------------------------------------------------------------------------ Vietnamese, Turkish
  ['vi-s01', 'standard', 'latin-diacritics', 'Ông [[PER|Nguyễn Văn Hùng]] sống tại [[LOC|Hà Nội]] và làm việc cho [[ORG|Vietcombank]].'],
  ['vi-s02', 'standard', 'latin-diacritics', 'Liên hệ chị [[PER|Trần Thị Mai]] qua số [[PHONE|0912 345 678]] hoặc email [[EMAIL|mai.tran@example.vn]].'],
  ['vi-c01', 'contextual', 'latin-diacritics', 'Mai mình gặp [[PER|Tuấn]] ở [[LOC|Đà Nẵng]] nhé.'],
  ['tr-s01', 'standard', 'latin-diacritics', 'Sayın [[PER|Ayşe Yılmaz]], siparişiniz [[LOC|İstanbul]] deposundan yola çıktı.'],
  ['tr-s02', 'standard', 'latin-diacritics', '[[PER|Mehmet Çelik]] ödemeyi [[IBAN|@iban(TR)]] numaralı hesaba yaptı; telefon [[PHONE|+90 532 123 45 67]].'],
  ['tr-c01', 'contextual', 'latin-diacritics', '[[PER|Emre]] dün akşam [[LOC|İzmir]]\'den döndü, [[PER|Zeynep]] de onunla.'],

  // ------------------------------------------------------------------------------------------ Russian, Ukrainian
  ['ru-s01', 'standard', 'cyrillic', 'Пациент [[PER|Иван Петрович Смирнов]], номер карты пациента [[MRN|@mrn(8)]], поступил в [[ORG|Городскую больницу № 4]].'],
  ['ru-s02', 'standard', 'cyrillic', '[[PER|Анна Кузнецова]] переехала из [[LOC|Новосибирска]] в [[LOC|Санкт-Петербург]].'],
  ['ru-s03', 'standard', 'cyrillic', 'Компания [[ORG|Яндекс]] открыла офис в [[LOC|Казани]]. Контакт: [[EMAIL|press@example.ru]], тел. [[PHONE|+7 912 345-67-89]].'],
  ['ru-c01', 'contextual', 'cyrillic', 'Передай [[PER|Саше]], что встреча в [[LOC|Твери]] переносится.'],
  ['ru-x01', 'adversarial', 'cyrillic', 'почта: [[EMAIL|dmitry точка orlov собака example точка ru]]'],
  ['uk-s01', 'standard', 'cyrillic', '[[PER|Олена Шевчук]] працює у [[ORG|ПриватБанку]] у [[LOC|Києві]].'],
  ['uk-s02', 'standard', 'cyrillic', 'Рахунок отримувача: [[IBAN|@iban(UA)]], отримувач [[PER|Богдан Коваленко]], [[LOC|Львів]].'],

  // ------------------------------------------------------------------------------------------ Greek
  ['el-s01', 'standard', 'greek', 'Ο [[PER|Γιώργος Παπαδόπουλος]] γεννήθηκε στη [[LOC|Θεσσαλονίκη]] και εργάζεται στην [[ORG|Εθνική Τράπεζα]].'],
  ['el-s02', 'standard', 'greek', 'Τηλέφωνο επικοινωνίας: [[PHONE|+30 210 123 4567]], email: [[EMAIL|m.nikolaou@example.gr]], κα [[PER|Μαρία Νικολάου]].'],
  ['el-c01', 'contextual', 'greek', 'Θα δω τον [[PER|Νίκο]] στην [[LOC|Πάτρα]] το βράδυ.'],

  // ------------------------------------------------------------------------------------------ Arabic, Hebrew
  ['ar-s01', 'standard', 'arabic', 'السيد [[PER|أحمد المنصوري]] يعمل في [[ORG|شركة أرامكو]] في [[LOC|الظهران]].'],
  ['ar-s02', 'standard', 'arabic', 'للتواصل مع [[PER|فاطمة الزهراء]]: [[PHONE|+966 50 123 4567]] أو [[EMAIL|fatima.z@example.sa]]'],
  ['ar-s03', 'standard', 'arabic', 'سافرت [[PER|ليلى حداد]] من [[LOC|بيروت]] إلى [[LOC|القاهرة]] الأسبوع الماضي.'],
  ['ar-c01', 'contextual', 'arabic', 'قل لـ[[PER|خالد]] إن الاجتماع في [[LOC|عمّان]] تأجل.'],
  ['he-s01', 'standard', 'hebrew', '[[PER|דוד כהן]] גר ב[[LOC|חיפה]] ועובד ב[[ORG|בנק הפועלים]].'],
  ['he-s02', 'standard', 'hebrew', 'לפרטים נוספים פנו ל[[PER|מיכל לוי]] בטלפון [[PHONE|052-123-4567]].'],

  // ------------------------------------------------------------------------------------------ Chinese, Japanese, Korean
  ['zh-s01', 'standard', 'chinese', '[[PER|王小明]]住在[[LOC|上海市浦东新区张江路88号]]，电话[[PHONE|138 0013 8000]]。'],
  ['zh-s02', 'standard', 'chinese', '[[ORG|阿里巴巴集团]]在[[LOC|杭州]]召开发布会，[[PER|张伟]]出席。'],
  ['zh-s03', 'standard', 'chinese', '患者[[PER|李秀英]]，病历号[[MRN|@mrn(8)]]，于[[DATE|2023年5月12日]]入院。'],
  ['zh-c01', 'contextual', 'chinese', '明天我和[[PER|小刘]]去[[LOC|成都]]出差。'],
  ['zh-x01', 'adversarial', 'chinese', '我的手机号是[[PHONE|１３９１２３４５６７８]]，邮箱[[EMAIL|chen.jie@example.cn]]。'],
  ['ja-s01', 'standard', 'japanese', '[[PER|田中太郎]]様のご住所は[[LOC|東京都新宿区西新宿2-8-1]]です。'],
  ['ja-s02', 'standard', 'japanese', '[[ORG|トヨタ自動車株式会社]]は[[LOC|名古屋]]で新工場を発表した。'],
  ['ja-s03', 'standard', 'japanese', 'お問い合わせは[[PER|佐藤]]さんまで：[[PHONE|03-1234-5678]]、[[EMAIL|sato.k@example.jp]]'],
  ['ja-c01', 'contextual', 'japanese', '来週、[[PER|健太]]と[[LOC|大阪]]で会う予定です。'],
  ['ja-x01', 'adversarial', 'japanese', 'カード番号：[[CARD|@visa:fw]]'],
  ['ko-s01', 'standard', 'korean', '[[PER|김민준]] 씨의 주민등록번호는 [[RRN|@rrn(1990,3,15,M)]]입니다.'],
  ['ko-s02', 'standard', 'korean', '[[ORG|삼성전자]]는 [[LOC|수원]]에 본사를 두고 있다. 담당자 [[PER|이서연]], [[PHONE|010-1234-5678]].'],
  ['ko-c01', 'contextual', 'korean', '내일 [[PER|지훈]]이랑 [[LOC|부산]] 가기로 했어.'],
  ['ko-x01', 'adversarial', 'korean', '주민번호 [[RRN|@rrn(1985,11,2,F):spaced]] 확인 부탁드려요'],

  // ------------------------------------------------------------------------------------------ Hindi, Thai
  ['hi-s01', 'standard', 'devanagari', '[[PER|राहुल शर्मा]] [[LOC|दिल्ली]] में रहते हैं और उनका आधार नंबर [[AADHAAR|@aadhaar]] है।'],
  ['hi-s02', 'standard', 'devanagari', '[[PER|प्रिया वर्मा]] ने [[ORG|टाटा कंसल्टेंसी सर्विसेज]] में [[LOC|पुणे]] में नौकरी शुरू की।'],
  ['hi-c01', 'contextual', 'devanagari', 'कल [[PER|अमित]] से [[LOC|जयपुर]] में मिलूँगा, फ़ोन [[PHONE|98765 43210]] पर।'],
  ['th-s01', 'standard', 'thai', 'นาย[[PER|สมชาย ใจดี]] อาศัยอยู่ที่[[LOC|เชียงใหม่]] เลขประจำตัวประชาชน [[TNIN|@tnin]]'],
  ['th-s02', 'standard', 'thai', 'ติดต่อคุณ[[PER|สุดารัตน์]]ที่ [[PHONE|081-234-5678]] หรือ [[EMAIL|sudarat@example.co.th]]'],

  // ------------------------------------------------------------------------------------------ Mixed scripts
  ['en-m01', 'contextual', 'mixed', 'Meeting notes: [[PER|王芳]] ([[ORG|Huawei]]) and [[PER|Kenji Watanabe]] agreed to pilot in [[LOC|Shenzhen]].'],
  ['en-m02', 'standard', 'mixed', 'Guest list: [[PER|Олег Иванов]], [[PER|Sofia Papadaki]], [[PER|نور الهدى]], [[PER|박지성]].'],
  ['en-m03', 'adversarial', 'mixed', 'contact: [[EMAIL|ｌｅｏ．ｗｕ＠ｅｘａｍｐｌｅ．ｃｏｍ]] / [[PHONE|＋８６ １３８ ０００ １２３４]]'],

  // ------------------------------------------------------------------------------------------ Negatives
  ['de-n03', 'negative', 'latin-diacritics', 'Version 2.4.1 behebt Fehler 0x80070057; Prüfsumme sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.'],
  ['ja-n01', 'negative', 'japanese', '注文番号 2024-0613-7781 の商品は明日発送予定です。'],
  ['zh-n01', 'negative', 'chinese', '本次更新版本号为 v5.2.0，修复了 37 个问题。'],
  ['ru-n01', 'negative', 'cyrillic', 'Счёт матча 2:1, на стадионе было 45 000 зрителей.'],
  ['ko-n01', 'negative', 'korean', '주문번호 20240613-0042 상품이 발송되었습니다.'],
  ['ar-n01', 'negative', 'arabic', 'رقم الطلب 558201، الكمية 3، المجموع 120 ريال.'],
  ['hi-n01', 'negative', 'devanagari', 'आज का तापमान 32 डिग्री है और हवा की गति 12 किमी प्रति घंटा।']
]
