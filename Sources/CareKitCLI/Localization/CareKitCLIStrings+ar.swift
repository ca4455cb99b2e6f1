/// CareKitCLI's text in Arabic.
let _careKitCLIArabic: [String: String] = [
    // Export and import
    "--format must be carekit, fhir or fhir-transaction, not '{value}'.": "يجب أن تكون قيمة --format إحدى: carekit أو fhir أو fhir-transaction، لا «{value}».",
    "Not written: {note}": "لم يُكتب: {note}",
    "Exported {what} to {path}.": "صُدِّرت {what} إلى {path}.",
    "Every version was read.": "قُرئت كل النسخ.",
    "Could not read {path}: {reason}. Nothing was imported.": "تعذرت قراءة {path}: {reason}. لم يُستورد شيء.",
    "Note: {note}": "ملاحظة: {note}",
    "{file} is a FHIR {type}, not a Bundle: {reason}. Nothing was imported.": "{file} مورد FHIR من نوع {type}، وليس حزمة (Bundle): {reason}. لم يُستورد شيء.",
    "{file} is a '{format}' file, not a CareKit export. Nothing was imported.": "{file} ملف من نوع «{format}»، وليس تصديرًا من CareKit. لم يُستورد شيء.",
    "{file} was written by a newer carekit (export version {version}; this one reads up to {supported}). Update carekit. Nothing was imported.":
        "كتب {file} إصدار أحدث من carekit (إصدار التصدير {version}؛ وهذا الإصدار يقرأ حتى {supported}). حدِّث carekit. لم يُستورد شيء.",
    "{file} is not a CareKit export: {reason}. Nothing was imported.": "{file} ليس تصديرًا من CareKit: {reason}. لم يُستورد شيء.",
    // Calendar
    "--years must be between 1 and 20.": "يجب أن تكون قيمة --years بين 1 و20.",
    // Overview and errors
    "carekit — CareKit for Linux": "carekit — CareKit لنظام لينكس",
    "USAGE": "الاستخدام",
    "Without --store, the store is $XDG_DATA_HOME/CareKit/carekit.sqlite": "من دون --store يكون المخزن $XDG_DATA_HOME/CareKit/carekit.sqlite",
    "(~/.local/share/CareKit/carekit.sqlite). Only `import`, `add-task`, `serve --demo` and `sync --create` create a store.":
        "(~/.local/share/CareKit/carekit.sqlite). لا ينشئ مخزنًا إلا `import` و`add-task` و`serve --demo` و`sync --create`.",
    "Run `carekit COMMAND --help` for details.": "شغِّل `carekit COMMAND --help` لمعرفة التفاصيل.",
    "Exit codes: 0 success, 1 the operation failed, 2 the command was called wrongly.": "رموز الخروج: 0 نجاح، 1 فشلت العملية، 2 استُدعي الأمر بطريقة خاطئة.",
    "carekit: unknown command '{command}'.": "carekit: الأمر «{command}» غير معروف.",
    "Did you mean '{name}'?": "هل تقصد «{name}»؟",
    "Run `{command} --help` for usage.": "شغِّل `{command} --help` لمعرفة طريقة الاستخدام.",
    "The time zone saved in the store (set it with carekit serve --timezone)": "المنطقة الزمنية المحفوظة في المخزن (تُضبط بالأمر carekit serve --timezone)",
    "{source} must name a language CareKit speaks: {languages}, optionally with a region (es-MX); not '{tag}'.":
        "يجب أن يسمي {source} لغة يتحدثها CareKit: {languages}، مع منطقة إن شئت (es-MX)؛ لا «{tag}».",
    "{source} must name a time zone such as Europe/Madrid or America/New_York (the names in /usr/share/zoneinfo), not '{zone}'.":
        "يجب أن يسمي {source} منطقة زمنية مثل Europe/Madrid أو America/New_York (الأسماء الموجودة في /usr/share/zoneinfo)، لا «{zone}».",
    "There is no store at {path}. Check --store; nothing was created. `carekit add-task`, `carekit import FILE`, `carekit serve --demo` or `carekit sync --create` create a store.":
        "لا يوجد مخزن في {path}. تحقق من --store؛ لم يُنشأ شيء. تنشئ الأوامر `carekit add-task` و`carekit import FILE` و`carekit serve --demo` و`carekit sync --create` مخزنًا.",
    "--{option} must be a date written YYYY-MM-DD, not '{value}'.": "يجب أن تكون قيمة --{option} تاريخًا مكتوبًا بالشكل YYYY-MM-DD، لا «{value}».",
    "--{option} must be a date written YYYY-MM-DD that the calendar has, not '{value}' (months run from 01 to 12, days to the month's last).":
        "يجب أن تكون قيمة --{option} تاريخًا موجودًا في التقويم مكتوبًا بالشكل YYYY-MM-DD، لا «{value}» (الأشهر من 01 إلى 12، والأيام حتى آخر يوم في الشهر).",
    // Formatting
    "all day": "طوال اليوم",
    "daily {time}": "يوميًا {time}",
    "weekly {time}": "أسبوعيًا {time}",
    "every {interval} {time}": "كل {interval} {time}",
    "Imported nothing new.": "لم يُستورد شيء جديد.",
    "Imported {versions}.": "استُوردت {versions}.",
    ", ": "، ",
    "it is not valid JSON ({detail})": "ليس JSON صالحًا ({detail})",
    "it is not valid JSON at {path} ({detail})": "ليس JSON صالحًا عند {path} ({detail})",
    "'{key}' is missing": "«{key}» مفقود",
    "'{key}' is missing at {path}": "«{key}» مفقود عند {path}",
    "{detail} at {path}": "{detail} عند {path}",
    "there is no such file": "لا يوجد ملف بهذا الاسم",
    "permission denied": "الإذن مرفوض",
    // Files
    "{path} is {kind}, not a regular file; nothing was written to it. Choose a file name with -o.":
        "{path} هو {kind}، وليس ملفًا عاديًا؛ لم يُكتب فيه شيء. اختر اسم ملف بالخيار -o.",
    "{path} could not be written: {reason}.": "تعذرت كتابة {path}: {reason}.",
    "{path} could not be written: cannot create a file in {folder} ({reason}). Nothing was written.":
        "تعذرت كتابة {path}: لا يمكن إنشاء ملف في {folder} ({reason}). لم يُكتب شيء.",
    "the current folder": "المجلد الحالي",
    "{path} could not be written: {reason}. Nothing was changed.": "تعذرت كتابة {path}: {reason}. لم يتغير شيء.",
    "a symbolic link": "رابط رمزي",
    "a folder": "مجلد",
    "a pipe (FIFO)": "أنبوب (FIFO)",
    "a device": "جهاز",
    "a socket": "مقبس",
    "not a regular file": "شيء غير الملف العادي",
    // The plan
    "Added {task} (id {id}): {summary}.": "أُضيفت {task} (المعرّف {id}): {summary}.",
    "{task}'s schedule was made by its app in a way edit-task cannot show, so editing it here would lose part of it; nothing was changed. `carekit stop-task {id}` stops it.":
        "أنشأ تطبيقُ {task} جدولها بطريقة لا يستطيع edit-task عرضها، لذا فإن تعديلها هنا سيُفقد جزءًا منها؛ لم يتغير شيء. يوقفها الأمر `carekit stop-task {id}`.",
    "Give --adherence or --no-adherence, not both.": "أعطِ --adherence أو --no-adherence، لا كليهما.",
    "Changed {task} (id {id}) from {day}: {summary}.": "عُدِّلت {task} (المعرّف {id}) بدءًا من {day}: {summary}.",
    "Stopped {task} after {day}; its history stays.": "أُوقفت {task} بعد {day}؛ ويبقى سجلها.",
    // The patient
    "Example: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15": "مثال: carekit patient set --name \"Ada Lovelace\" --birthday 1960-03-15",
    "Give --name (or --given and --family), --birthday, or both.": "اذكر --name (أو --given و--family)، أو --birthday، أو كليهما.",
    "Give --name, or --given and --family, not both.": "اذكر --name، أو --given و--family، لا كليهما.",
    "No patient is recorded. `carekit patient set --name NAME` records one.": "لا يوجد مريض مسجَّل. `carekit patient set --name NAME` يسجّل واحدًا.",
    "Saved: {patient}.": "تم الحفظ: {patient}.",
    "Saves the patient's name and birthday: the store's patient, or a new version of it (what is not given stays).":
        "يحفظ اسم المريض وتاريخ ميلاده: مريض المخزن، أو إصدارًا جديدًا منه (ما لا يُذكر يبقى كما هو).",
    "The birthday; \"none\" removes it.": "تاريخ الميلاد؛ \"none\" يحذفه.",
    "The family name (with --given).": "اسم العائلة (مع --given).",
    "The given names, for a name that does not split at its last word (with --family).": "الأسماء الأولى، لاسم لا ينقسم عند كلمته الأخيرة (مع --family).",
    "The patient's name and birthday, as the report opens with them.": "اسم المريض وتاريخ ميلاده، كما يبدأ بهما التقرير.",
    "The whole name; its last word is the family name (\"Ada King Lovelace\").": "الاسم الكامل؛ آخر كلمة فيه هي اسم العائلة (\"Ada King Lovelace\").",
    "{name}, born {day} (age {age})": "{name}، مولود في {day} (العمر {age})",
    // Report
    "Care report": "تقرير الرعاية",
    "--title must not be empty.": "يجب ألا تكون قيمة --title فارغة.",
    "The date is out of range.": "التاريخ خارج النطاق الممكن.",
    "--from ({from}) must not be after --to ({to}).": "يجب ألا يكون --from ({from}) بعد --to ({to}).",
    "--format must be pdf or html, not '{value}'.": "يجب أن تكون قيمة --format هي pdf أو html، لا «{value}».",
    "--paper must be a4 or letter, not '{value}'.": "يجب أن تكون قيمة --paper هي a4 أو letter، لا «{value}».",
    // Serve
    "--port must be between 0 and 65535.": "يجب أن تكون قيمة --port بين 0 و65535.",
    "--token-file goes with --sync URL.": "يُستخدم --token-file مع --sync URL.",
    "Created a new, empty store; the app opens on its welcome page.": "أُنشئ مخزن جديد فارغ؛ يفتح التطبيق على صفحة الترحيب.",
    "WARNING: the app will show this store but refuse every change. {reason}": "تحذير: سيعرض التطبيق هذا المخزن لكنه سيرفض أي تغيير. {reason}",
    "Seeded ZombieKit's care plan into the store.": "حُمِّلت خطة رعاية ZombieKit في المخزن.",
    "The store already has tasks; ZombieKit uses them as they are.": "في المخزن مهام من قبل؛ يستخدمها ZombieKit كما هي.",
    "WARNING: listening on {host}: anyone on the network who has the token can read and change this health data.":
        "تحذير: الاستماع على {host}: يستطيع أي شخص على الشبكة يملك الرمز أن يقرأ هذه البيانات الصحية ويغيرها.",
    "{app} is running at {address}": "يعمل {app} على {address}",
    "Store: {path}. Press Ctrl-C to stop.": "المخزن: {path}. اضغط Ctrl-C للإيقاف.",
    "in memory": "في الذاكرة",
    "Stopping…": "جارٍ الإيقاف…",
    "Stopped.": "توقف.",
    "Days and times follow the time zone {zone} (change it with --timezone, which saves it in the store).":
        "تتبع الأيام والأوقات المنطقة الزمنية {zone} (غيّرها بالخيار --timezone الذي يحفظها في المخزن).",
    "Days and times follow the time zone {zone}, saved in the store: later runs and commands on this store follow it too.":
        "تتبع الأيام والأوقات المنطقة الزمنية {zone} المحفوظة في المخزن: وتتبعها أيضًا التشغيلات والأوامر اللاحقة على هذا المخزن.",
    "Days and times follow the time zone {zone} for this run only; it could not be saved in the store: {reason}.":
        "تتبع الأيام والأوقات المنطقة الزمنية {zone} في هذا التشغيل فقط؛ تعذر حفظها في المخزن: {reason}.",
    "The app speaks {language}, saved in the store, unless a browser chooses another on its Settings page (change it with --language).":
        "يتحدث التطبيق اللغة {language} المحفوظة في المخزن، ما لم يختر متصفح لغة أخرى في صفحة الإعدادات (غيّرها بالخيار --language).",
    "The app speaks {language} (from CAREKIT_LANGUAGE) unless a browser chooses another on its Settings page.":
        "يتحدث التطبيق اللغة {language} (من CAREKIT_LANGUAGE) ما لم يختر متصفح لغة أخرى في صفحة الإعدادات.",
    "The app speaks the language each browser asks for, else English (choose one with --language, which saves it in the store).":
        "يتحدث التطبيق اللغة التي يطلبها كل متصفح، وإلا فالإنجليزية (اختر لغة بالخيار --language الذي يحفظها في المخزن).",
    "The app speaks {language}, saved in the store: later runs and commands on this store speak it too.":
        "يتحدث التطبيق اللغة {language} المحفوظة في المخزن: وتتحدثها أيضًا التشغيلات والأوامر اللاحقة على هذا المخزن.",
    "The app speaks {language} for this run only; it could not be saved in the store: {reason}":
        "يتحدث التطبيق اللغة {language} في هذا التشغيل فقط؛ تعذر حفظها في المخزن: {reason}",
    "Synchronizing works again.": "عادت المزامنة إلى العمل.",
    "Synchronizing failed (retrying every few seconds): {reason}": "فشلت المزامنة (إعادة المحاولة كل بضع ثوانٍ): {reason}",
    // Tasks and events
    "No tasks on {day}.": "لا مهام في {day}.",
    "yes": "نعم",
    "no": "لا",
    "ID": "المعرّف",
    "TITLE": "العنوان",
    "SCHEDULE": "الجدول",
    "COUNTS": "تُحتسب",
    "Give --date, or --from and --to, not both.": "أعطِ --date، أو --from و--to، لا كليهما.",
    "--from must not be after --to.": "يجب ألا يكون --from بعد --to.",
    "--from and --to go together.": "يُستخدم --from و--to معًا.",
    "No events on {day}.": "لا مواعيد في {day}.",
    "done": "تم",
    "TIME": "الوقت",
    "TASK": "المهمة",
    "OCCURRENCE": "التكرار",
    "STATUS": "الحالة",
    "VALUES": "القيم",
    "{task} at {time} was already done.": "{task} في {time} تمت من قبل.",
    "Done: {task} at {time} (occurrence {occurrence}).": "تم: {task} في {time} (التكرار {occurrence}).",
    "Logged {value} for {task} at {time}.": "سُجِّلت القيمة {value} لـ {task} في {time}.",
    "Task '{task}' has no event on {day}. Run `carekit events` to see the day's events.":
        "ليس للمهمة «{task}» موعد في {day}. شغِّل `carekit events` لترى مواعيد اليوم.",
    "No task '{task}' (did you mean '{guess}'?). Run `carekit tasks` to see the tasks.":
        "لا توجد مهمة «{task}» (هل تقصد «{guess}»؟). شغِّل `carekit tasks` لترى المهام.",
    "No task '{task}'. Run `carekit tasks` to see the tasks.": "لا توجد مهمة «{task}». شغِّل `carekit tasks` لترى المهام.",
    // Sync
    "--server needs the server's address, such as https://care.example.org/.": "يحتاج --server إلى عنوان الخادم، مثل https://care.example.org/.",
    "--page-size must be between 1 and 5000.": "يجب أن تكون قيمة --page-size بين 1 و5000.",
    "Synchronized with {server}: {parts}.": "تمت المزامنة مع {server}: {parts}.",
    "carekit sync: not stored: {problem}": "carekit sync: لم يُحفظ: {problem}",
    "'{address}' is not a sync server's address, such as https://care.example.org/.": "«{address}» ليس عنوان خادم مزامنة، مثل https://care.example.org/.",
    "{address} would send the device token and health data unencrypted; use https:// (http:// only for this machine).":
        "سيرسل {address} رمز الجهاز والبيانات الصحية دون تشفير؛ استخدم https:// (و http:// لهذا الجهاز فقط).",
    "--token-file is needed: the file with this patient's device token.": "الخيار --token-file مطلوب: الملف الذي فيه رمز جهاز هذا المريض.",
    "Could not read the token file {path}: {reason}.": "تعذرت قراءة ملف الرمز {path}: {reason}.",
    "{path} does not hold a device token (64 hex digits, as `carekit sync-server add-patient` prints).":
        "لا يحتوي {path} على رمز جهاز (64 رقمًا ست عشريًا، كما يطبعها `carekit sync-server add-patient`).",
    "carekit sync: warning: {path} can be read by other users (mode {mode}); `chmod 600 {path}`.":
        "carekit sync: تحذير: يستطيع مستخدمون آخرون قراءة {path} (الوضع {mode})؛ `chmod 600 {path}`.",
    // Sync server
    "--tls-cert and --tls-key go together.": "يُستخدم --tls-cert و--tls-key معًا.",
    "Listening on {address} would send device tokens and health data unencrypted: give --tls-cert and --tls-key, or --behind-proxy when a proxy in front speaks HTTPS.":
        "الاستماع على {address} سيرسل رموز الأجهزة والبيانات الصحية دون تشفير: أعطِ --tls-cert و--tls-key، أو --behind-proxy إذا كان أمامه وسيط (proxy) يتحدث HTTPS.",
    "The CareKit sync server is running at {address} (the protocol: /sync/v1/openapi.json; FHIR R4: /fhir/R4/metadata).":
        "يعمل خادم مزامنة CareKit على {address} (البروتوكول: /sync/v1/openapi.json؛ FHIR R4: /fhir/R4/metadata).",
    "Press Ctrl-C to stop.": "اضغط Ctrl-C للإيقاف.",
    "Added {patient}. This is the device token; it is shown once (put it in a file only you can read, for --token-file):":
        "أُضيف {patient}. هذا رمز الجهاز؛ يُعرض مرة واحدة فقط (ضعه في ملف لا يقرؤه سواك، من أجل --token-file):",
    "A new device token for {patient}; it is shown once:": "رمز جهاز جديد لـ {patient}؛ يُعرض مرة واحدة فقط:",
    "No patients yet; `carekit sync-server add-patient NAME` adds one.": "لا مرضى بعد؛ يضيف `carekit sync-server add-patient NAME` مريضًا.",
    "PATIENT": "المريض",
    "ADDED": "أُضيف في",
    "Added the clinician {email}. `carekit sync-server assign {email} PATIENT` lets them see a patient.":
        "أُضيف الطبيب المعالج {email}. يتيح له `carekit sync-server assign {email} PATIENT` رؤية مريض.",
    "{clinician} now sees {patient} on the dashboard.": "صار {clinician} يرى {patient} في لوحة المتابعة.",
    // Plural forms
    "{count} entity versions|zero":
        "{count} نسخة من الكيانات",
    "{count} entity versions|one":
        "نسخة واحدة من الكيانات",
    "{count} entity versions|two":
        "نسختان من الكيانات",
    "{count} entity versions|few":
        "{count} نسخ من الكيانات",
    "{count} entity versions|many":
        "{count} نسخة من الكيانات",
    "{count} entity versions|other":
        "{count} نسخة من الكيانات",
    "a FHIR Bundle of {count} resources ({types})|zero":
        "حزمة FHIR من {count} مورد ({types})",
    "a FHIR Bundle of {count} resources ({types})|one":
        "حزمة FHIR من مورد واحد ({types})",
    "a FHIR Bundle of {count} resources ({types})|two":
        "حزمة FHIR من موردين ({types})",
    "a FHIR Bundle of {count} resources ({types})|few":
        "حزمة FHIR من {count} موارد ({types})",
    "a FHIR Bundle of {count} resources ({types})|many":
        "حزمة FHIR من {count} موردًا ({types})",
    "a FHIR Bundle of {count} resources ({types})|other":
        "حزمة FHIR من {count} مورد ({types})",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|zero":
        "المخزن تالف (وجد فحص SQLite ما يلي: {damage}) لا يحتوي التصدير على أي نسخة أمكنت قراءتها. {lost} استورده إلى مخزن جديد بالأمر `carekit import FILE --store NEW`، أو استعد نسخة احتياطية.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|one":
        "المخزن تالف (وجد فحص SQLite ما يلي: {damage}) يحتوي التصدير على النسخة الواحدة التي أمكنت قراءتها. {lost} استورده إلى مخزن جديد بالأمر `carekit import FILE --store NEW`، أو استعد نسخة احتياطية.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|two":
        "المخزن تالف (وجد فحص SQLite ما يلي: {damage}) يحتوي التصدير على النسختين اللتين أمكنت قراءتهما. {lost} استورده إلى مخزن جديد بالأمر `carekit import FILE --store NEW`، أو استعد نسخة احتياطية.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|few":
        "المخزن تالف (وجد فحص SQLite ما يلي: {damage}) يحتوي التصدير على النسخ الـ{count} التي أمكنت قراءتها. {lost} استورده إلى مخزن جديد بالأمر `carekit import FILE --store NEW`، أو استعد نسخة احتياطية.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|many":
        "المخزن تالف (وجد فحص SQLite ما يلي: {damage}) يحتوي التصدير على {count} نسخة أمكنت قراءتها. {lost} استورده إلى مخزن جديد بالأمر `carekit import FILE --store NEW`، أو استعد نسخة احتياطية.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|other":
        "المخزن تالف (وجد فحص SQLite ما يلي: {damage}) يحتوي التصدير على {count} نسخة أمكنت قراءتها. {lost} استورده إلى مخزن جديد بالأمر `carekit import FILE --store NEW`، أو استعد نسخة احتياطية.",
    "and {count} more|zero":
        "و{count} غيرها",
    "and {count} more|one":
        "وواحد آخر",
    "and {count} more|two":
        "واثنان آخران",
    "and {count} more|few":
        "و{count} أخرى",
    "and {count} more|many":
        "و{count} غيرها",
    "and {count} more|other":
        "و{count} غيرها",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|zero":
        "{file}: لا يمكن وضع {count} مورد FHIR في مخزن CareKit. لم يُستورد شيء.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|one":
        "{file}: لا يمكن وضع مورد FHIR واحد في مخزن CareKit. لم يُستورد شيء.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|two":
        "{file}: لا يمكن وضع موردَي FHIR في مخزن CareKit. لم يُستورد شيء.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|few":
        "{file}: لا يمكن وضع {count} موارد FHIR في مخزن CareKit. لم يُستورد شيء.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|many":
        "{file}: لا يمكن وضع {count} موردًا من موارد FHIR في مخزن CareKit. لم يُستورد شيء.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|other":
        "{file}: لا يمكن وضع {count} مورد FHIR في مخزن CareKit. لم يُستورد شيء.",
    "Wrote the calendar of {count} tasks to {path}.|zero":
        "كُتب تقويم لا يحتوي على أي مهمة في {path}.",
    "Wrote the calendar of {count} tasks to {path}.|one":
        "كُتب تقويم مهمة واحدة في {path}.",
    "Wrote the calendar of {count} tasks to {path}.|two":
        "كُتب تقويم مهمتين في {path}.",
    "Wrote the calendar of {count} tasks to {path}.|few":
        "كُتب تقويم {count} مهام في {path}.",
    "Wrote the calendar of {count} tasks to {path}.|many":
        "كُتب تقويم {count} مهمة في {path}.",
    "Wrote the calendar of {count} tasks to {path}.|other":
        "كُتب تقويم {count} مهمة في {path}.",
    "{count} patient versions|zero":
        "{count} نسخة من المرضى",
    "{count} patient versions|one":
        "نسخة واحدة من مريض",
    "{count} patient versions|two":
        "نسختان من المرضى",
    "{count} patient versions|few":
        "{count} نسخ من المرضى",
    "{count} patient versions|many":
        "{count} نسخة من المرضى",
    "{count} patient versions|other":
        "{count} نسخة من المرضى",
    "{count} care plan versions|zero":
        "{count} نسخة من خطط الرعاية",
    "{count} care plan versions|one":
        "نسخة واحدة من خطة رعاية",
    "{count} care plan versions|two":
        "نسختان من خطط الرعاية",
    "{count} care plan versions|few":
        "{count} نسخ من خطط الرعاية",
    "{count} care plan versions|many":
        "{count} نسخة من خطط الرعاية",
    "{count} care plan versions|other":
        "{count} نسخة من خطط الرعاية",
    "{count} contact versions|zero":
        "{count} نسخة من جهات الاتصال",
    "{count} contact versions|one":
        "نسخة واحدة من جهة اتصال",
    "{count} contact versions|two":
        "نسختان من جهات الاتصال",
    "{count} contact versions|few":
        "{count} نسخ من جهات الاتصال",
    "{count} contact versions|many":
        "{count} نسخة من جهات الاتصال",
    "{count} contact versions|other":
        "{count} نسخة من جهات الاتصال",
    "{count} task versions|zero":
        "{count} نسخة من المهام",
    "{count} task versions|one":
        "نسخة واحدة من مهمة",
    "{count} task versions|two":
        "نسختان من المهام",
    "{count} task versions|few":
        "{count} نسخ من المهام",
    "{count} task versions|many":
        "{count} نسخة من المهام",
    "{count} task versions|other":
        "{count} نسخة من المهام",
    "{count} outcome versions|zero":
        "{count} نسخة من النتائج",
    "{count} outcome versions|one":
        "نسخة واحدة من نتيجة",
    "{count} outcome versions|two":
        "نسختان من النتائج",
    "{count} outcome versions|few":
        "{count} نسخ من النتائج",
    "{count} outcome versions|many":
        "{count} نسخة من النتائج",
    "{count} outcome versions|other":
        "{count} نسخة من النتائج",
    "{count} versions were already in the store and left as they were.|zero":
        "لم تكن أي نسخة في المخزن من قبل.",
    "{count} versions were already in the store and left as they were.|one":
        "كانت نسخة واحدة في المخزن من قبل وتُركت كما هي.",
    "{count} versions were already in the store and left as they were.|two":
        "كانت نسختان في المخزن من قبل وتُركتا كما هما.",
    "{count} versions were already in the store and left as they were.|few":
        "كانت {count} نسخ في المخزن من قبل وتُركت كما هي.",
    "{count} versions were already in the store and left as they were.|many":
        "كانت {count} نسخة في المخزن من قبل وتُركت كما هي.",
    "{count} versions were already in the store and left as they were.|other":
        "كانت {count} نسخة في المخزن من قبل وتُركت كما هي.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|zero":
        "لم تُستبعد أي نسخة من مهام HealthKit.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|one":
        "استُبعدت نسخة واحدة من مهمة HealthKit: لا يستطيع هذا المخزن حفظ مهام HealthKit.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|two":
        "استُبعدت نسختان من مهام HealthKit: لا يستطيع هذا المخزن حفظ مهام HealthKit.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|few":
        "استُبعدت {count} نسخ من مهام HealthKit: لا يستطيع هذا المخزن حفظ مهام HealthKit.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|many":
        "استُبعدت {count} نسخة من مهام HealthKit: لا يستطيع هذا المخزن حفظ مهام HealthKit.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|other":
        "استُبعدت {count} نسخة من مهام HealthKit: لا يستطيع هذا المخزن حفظ مهام HealthKit.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|zero":
        "كُتب تقرير PDF من {from} إلى {to} ({count} يوم) في {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|one":
        "كُتب تقرير PDF من {from} إلى {to} (يوم واحد) في {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|two":
        "كُتب تقرير PDF من {from} إلى {to} (يومان) في {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|few":
        "كُتب تقرير PDF من {from} إلى {to} ({count} أيام) في {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|many":
        "كُتب تقرير PDF من {from} إلى {to} ({count} يومًا) في {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|other":
        "كُتب تقرير PDF من {from} إلى {to} ({count} يوم) في {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|zero":
        "كُتب تقرير HTML من {from} إلى {to} ({count} يوم) في {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|one":
        "كُتب تقرير HTML من {from} إلى {to} (يوم واحد) في {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|two":
        "كُتب تقرير HTML من {from} إلى {to} (يومان) في {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|few":
        "كُتب تقرير HTML من {from} إلى {to} ({count} أيام) في {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|many":
        "كُتب تقرير HTML من {from} إلى {to} ({count} يومًا) في {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|other":
        "كُتب تقرير HTML من {from} إلى {to} ({count} يوم) في {path}.",
    "The report covers {count} days; at most {maximum} are allowed.|zero":
        "يغطي التقرير {count} يوم؛ والحد الأقصى المسموح به {maximum}.",
    "The report covers {count} days; at most {maximum} are allowed.|one":
        "يغطي التقرير يومًا واحدًا؛ والحد الأقصى المسموح به {maximum}.",
    "The report covers {count} days; at most {maximum} are allowed.|two":
        "يغطي التقرير يومين؛ والحد الأقصى المسموح به {maximum}.",
    "The report covers {count} days; at most {maximum} are allowed.|few":
        "يغطي التقرير {count} أيام؛ والحد الأقصى المسموح به {maximum}.",
    "The report covers {count} days; at most {maximum} are allowed.|many":
        "يغطي التقرير {count} يومًا؛ والحد الأقصى المسموح به {maximum}.",
    "The report covers {count} days; at most {maximum} are allowed.|other":
        "يغطي التقرير {count} يوم؛ والحد الأقصى المسموح به {maximum}.",
    "pulled {count} new versions|zero":
        "لم تُجلب أي نسخة جديدة",
    "pulled {count} new versions|one":
        "جُلبت نسخة جديدة واحدة",
    "pulled {count} new versions|two":
        "جُلبت نسختان جديدتان",
    "pulled {count} new versions|few":
        "جُلبت {count} نسخ جديدة",
    "pulled {count} new versions|many":
        "جُلبت {count} نسخة جديدة",
    "pulled {count} new versions|other":
        "جُلبت {count} نسخة جديدة",
    "pushed {count}|zero":
        "لم يُرسل شيء",
    "pushed {count}|one":
        "أُرسلت نسخة واحدة",
    "pushed {count}|two":
        "أُرسلت نسختان",
    "pushed {count}|few":
        "أُرسلت {count} نسخ",
    "pushed {count}|many":
        "أُرسلت {count} نسخة",
    "pushed {count}|other":
        "أُرسلت {count} نسخة",
    "this store was a copy or a restore of another store file: it took a new identity and pushed again what the server had not acknowledged":
        "كان هذا المخزن نسخة من ملف مخزن آخر أو استعادة له: اتخذ هوية جديدة وأعاد إرسال ما لم يؤكده الخادم",
    "resolved {count} conflicts|zero":
        "لم يُحل أي تعارض",
    "resolved {count} conflicts|one":
        "حُل تعارض واحد",
    "resolved {count} conflicts|two":
        "حُل تعارضان",
    "resolved {count} conflicts|few":
        "حُلت {count} تعارضات",
    "resolved {count} conflicts|many":
        "حُل {count} تعارضًا",
    "resolved {count} conflicts|other":
        "حُل {count} تعارض",
    "{count} waiting for versions they follow (the next sync brings them)|zero":
        "لا شيء ينتظر نسخًا سابقة",
    "{count} waiting for versions they follow (the next sync brings them)|one":
        "نسخة واحدة تنتظر النسخ التي تسبقها (ستجلبها المزامنة التالية)",
    "{count} waiting for versions they follow (the next sync brings them)|two":
        "نسختان تنتظران النسخ التي تسبقهما (ستجلبها المزامنة التالية)",
    "{count} waiting for versions they follow (the next sync brings them)|few":
        "{count} نسخ تنتظر النسخ التي تسبقها (ستجلبها المزامنة التالية)",
    "{count} waiting for versions they follow (the next sync brings them)|many":
        "{count} نسخة تنتظر النسخ التي تسبقها (ستجلبها المزامنة التالية)",
    "{count} waiting for versions they follow (the next sync brings them)|other":
        "{count} نسخة تنتظر النسخ التي تسبقها (ستجلبها المزامنة التالية)",
    "Password (at least {count} characters): |zero":
        "كلمة المرور (على الأقل {count} حرف): ",
    "Password (at least {count} characters): |one":
        "كلمة المرور (حرف واحد على الأقل): ",
    "Password (at least {count} characters): |two":
        "كلمة المرور (حرفان على الأقل): ",
    "Password (at least {count} characters): |few":
        "كلمة المرور (على الأقل {count} أحرف): ",
    "Password (at least {count} characters): |many":
        "كلمة المرور (على الأقل {count} حرفًا): ",
    "Password (at least {count} characters): |other":
        "كلمة المرور (على الأقل {count} حرف): ",
    // Help
    "carekit (the default): the whole history in CareKit's format, which `carekit import` restores exactly. fhir: an HL7 FHIR R4 Bundle (type collection) for health systems: the patient, care plans with their tasks as activities and schedules as Timing, outcomes as Observations, contacts (docs/fhir.md). fhir-transaction: the same as a transaction Bundle to POST to a FHIR server, each resource PUT at its id.":
        "carekit (الافتراضي): السجل الكامل بتنسيق CareKit، الذي يستعيده `carekit import` كما هو تمامًا. fhir: حزمة HL7 FHIR R4 (من نوع collection) للأنظمة الصحية: المريض، وخطط الرعاية بمهامها أنشطةً وجداولها Timing، والنتائج Observations، وجهات الاتصال (docs/fhir.md). fhir-transaction: الشيء نفسه في حزمة معاملة تُرسل بطلب POST إلى خادم FHIR، وكل مورد بطلب PUT على معرّفه.",
    "A complete backup: every version of every entity (edits, deletions and their history), as JSON in CareKit's format ({\"type\", \"object\"} entities). `carekit import` restores it. With --format fhir, the plan and its results as a FHIR R4 Bundle.":
        "نسخة احتياطية كاملة: كل نسخة من كل كيان (التعديلات والحذف وسجلها)، بصيغة JSON بتنسيق CareKit (كيانات {\"type\", \"object\"}). يستعيدها `carekit import`. ومع --format fhir، الخطة ونتائجها في حزمة FHIR R4.",
    "Without -o the JSON goes to standard output. A damaged store is exported as far as it can be read: what could not be read is listed, and the command exits 1. With --encrypt-to or --passphrase-file the file is encrypted in the age format (age-encryption.org/v1), which `age -d` and `carekit import` read.":
        "من دون -o يذهب JSON إلى المخرج القياسي. يُصدَّر المخزن التالف بقدر ما يمكن قراءته: يُذكر ما تعذرت قراءته، وينتهي الأمر بالرمز 1. مع --encrypt-to أو --passphrase-file يُشفَّر الملف بصيغة age (age-encryption.org/v1)، التي يقرؤها `age -d` و`carekit import`.",
    "Restores a file written by `carekit export` (or a JSON array of CareKit {\"type\", \"object\"} entities) with its whole history, in one transaction: everything or nothing. Versions the store already has are skipped, so importing a file twice adds nothing the second time. A FHIR R4 Bundle is read too: its CarePlans' activities become tasks with schedules, its Observations outcomes on their events. The store is created if it does not exist.":
        "يستعيد ملفًا كتبه `carekit export` (أو مصفوفة JSON من كيانات CareKit {\"type\", \"object\"}) بسجله الكامل، في معاملة واحدة: كل شيء أو لا شيء. تُتخطى النسخ الموجودة في المخزن من قبل، فلا يضيف استيراد الملف مرة ثانية شيئًا. وتُقرأ أيضًا حزمة FHIR R4: تصبح أنشطة CarePlans فيها مهامَّ لها جداول، وObservations فيها نتائج على مواعيدها. يُنشأ المخزن إن لم يكن موجودًا.",
    "The JSON file, or an age file of it; \"-\" reads standard input.": "ملف JSON، أو ملف age له؛ \"-\" يقرأ الإدخال القياسي.",
    "A FHIR resource that cannot be placed (an activity without a Timing CareKit can follow, an Observation on no event) is listed with the reason, and nothing is imported. Resources CareKit has no place for (a Condition, an Encounter) are listed as skipped. Times without a time zone are read in the patient's (--timezone, else $CAREKIT_TIMEZONE, else TZ).":
        "يُذكر مع السبب كل مورد FHIR لا يمكن وضعه (نشاط بلا Timing يستطيع CareKit اتباعه، أو Observation بلا موعد)، ولا يُستورد شيء. وتُذكر الموارد التي لا مكان لها في CareKit (مثل Condition أو Encounter) على أنها متخطاة. تُقرأ الأوقات التي بلا منطقة زمنية في منطقة المريض (--timezone، وإلا $CAREKIT_TIMEZONE، وإلا TZ).",
    "The calendar's name shown by calendar apps (default \"Care plan\").":
        "اسم التقويم الذي تعرضه تطبيقات التقويم (الافتراضي «Care plan»).",
    "How many years ahead schedules that cannot be written as a rule are listed (default 3, at most 20).":
        "عدد السنوات المقبلة التي تُسرد فيها الجداول التي لا يمكن كتابتها قاعدةً (الافتراضي 3، والحد الأقصى 20).",
    "Writes the care plan as an iCalendar (RFC 5545) file: every task's events with their times, time zones and reminders, for a phone's calendar to show and remind without the app.":
        "يكتب خطة الرعاية ملفَّ iCalendar (RFC 5545): مواعيد كل مهمة بأوقاتها ومناطقها الزمنية وتذكيراتها، ليعرضها تقويم الهاتف ويذكّر بها من دون التطبيق.",
    "Without -o the calendar goes to standard output. A task changed or stopped in the store ends in the calendar where it changed.":
        "من دون -o يذهب التقويم إلى المخرج القياسي. المهمة التي تغيرت أو أُوقفت في المخزن تنتهي في التقويم حيث تغيرت.",
    "The store (default $XDG_DATA_HOME/CareKit/carekit.sqlite).":
        "المخزن (الافتراضي $XDG_DATA_HOME/CareKit/carekit.sqlite).",
    "The day, in local time (default: today).":
        "اليوم، بالتوقيت المحلي (الافتراضي: اليوم).",
    "Writes JSON instead of a table.":
        "يكتب JSON بدلًا من جدول.",
    "The task's occurrence N (counted from 0 since the schedule's start) instead of the day's.":
        "التكرار N للمهمة (يُعد من 0 منذ بداية الجدول) بدلًا من تكرار اليوم.",
    "The patient's time zone, where days begin and end: an IANA name such as Europe/Madrid (default: $CAREKIT_TIMEZONE, else the machine's).":
        "المنطقة الزمنية للمريض، حيث تبدأ الأيام وتنتهي: اسم IANA مثل Europe/Madrid (الافتراضي: $CAREKIT_TIMEZONE، وإلا منطقة الجهاز).",
    "The language of messages and reports: en, es, de or ar, optionally with a region (es-MX) (default: $CAREKIT_LANGUAGE, else the store's, else $LANG's, else English).":
        "لغة الرسائل والتقارير: en أو es أو de أو ar، مع منطقة إن شئت (es-MX) (الافتراضي: $CAREKIT_LANGUAGE، وإلا لغة المخزن، وإلا لغة $LANG، وإلا الإنجليزية).",
    "Where to write (created private to you, 0600); \"-\" is standard output.":
        "مكان الكتابة (يُنشأ خاصًا بك، 0600)؛ و«-» هو المخرج القياسي.",
    "Instructions or dose, such as \"500 mg with food\".":
        "التعليمات أو الجرعة، مثل «500 ملغ مع الطعام».",
    "Times of day on a 24-hour clock, comma-separated: 08:00,20:00 (8 pm is 20:00; 8am and 25:00 are refused).":
        "أوقات اليوم بنظام 24 ساعة، مفصولة بفواصل: 08:00,20:00 (الساعة 8 مساءً هي 20:00؛ ويُرفض 8am و25:00).",
    "Weekdays, comma-separated: mon,thu (default every day).":
        "أيام الأسبوع، مفصولة بفواصل: mon,thu (الافتراضي كل يوم).",
    "Every N days from the first day instead of weekdays (2: every other day).":
        "كل N يوم من اليوم الأول بدلًا من أيام الأسبوع (2: يومًا بعد يوم).",
    "The first day (default today).":
        "اليوم الأول (الافتراضي اليوم).",
    "The last day, included (default: no end).":
        "اليوم الأخير، مشمولًا (الافتراضي: بلا نهاية).",
    "Once a day, all day, instead of at times.":
        "مرة في اليوم، طوال اليوم، بدلًا من أوقات محددة.",
    "The events do not count towards adherence (a task to log when it happens).":
        "لا تُحتسب المواعيد في الالتزام (مهمة تُسجَّل عند حدوثها).",
    "A value to record at each event, such as Temperature (it goes on the Symptom Tracker).":
        "قيمة تُسجَّل في كل موعد، مثل درجة الحرارة (تظهر في متتبع الأعراض).",
    "The measurement's unit, such as °F.":
        "وحدة القياس، مثل °F.",
    "Remind this many minutes before each event (0: at its start); calendar feeds carry it.":
        "يذكّر قبل كل موعد بهذا العدد من الدقائق (0: عند بدايته)؛ وتحمله اشتراكات التقويم.",
    "The task's name, such as Metformin.":
        "اسم المهمة، مثل ميتفورمين.",
    "Adds a task to the plan: a medication, an exercise or a measurement, at times on chosen days (creating the store if there is none).":
        "يضيف مهمة إلى الخطة: دواءً أو تمرينًا أو قياسًا، في أوقات من أيام مختارة (وينشئ المخزن إن لم يوجد).",
    "Example: carekit add-task Metformin --instructions \"500 mg with food\" --times 08:00,20:00 --days mon,thu --from 2026-12-01":
        "مثال: carekit add-task Metformin --instructions \"500 ملغ مع الطعام\" --times 08:00,20:00 --days mon,thu --from 2026-12-01",
    "A new name.":
        "اسم جديد.",
    "The events count towards adherence again.":
        "تُحتسب المواعيد في الالتزام من جديد.",
    "Records no value any more.":
        "لا تُسجَّل أي قيمة بعد الآن.",
    "The day the change starts (default today: today's earlier events stay as they were).":
        "اليوم الذي يبدأ فيه التغيير (الافتراضي اليوم: تبقى مواعيد اليوم السابقة كما كانت).",
    "The last day, included; \"none\" for no end.":
        "اليوم الأخير، مشمولًا؛ و«none» بلا نهاية.",
    "Remind this many minutes before each event (0: at its start); \"off\" for no reminder.":
        "يذكّر قبل كل موعد بهذا العدد من الدقائق (0: عند بدايته)؛ و«off» بلا تذكير.",
    "Changes TASK's schedule or details from a day on (a new version of the task: what was recorded before stays).":
        "يغيّر جدول TASK أو تفاصيلها بدءًا من يوم (نسخة جديدة من المهمة: يبقى ما سُجِّل قبل ذلك).",
    "Options not given keep their values. A change may not start before a day with entries recorded after it: the message names the day to choose.":
        "الخيارات غير المعطاة تحتفظ بقيمها. لا يجوز أن يبدأ التغيير قبل يوم سُجِّلت بعده إدخالات: تذكر الرسالة اليوم الذي يمكن اختياره.",
    "The last day the task happens, included (default today).":
        "آخر يوم تحدث فيه المهمة، مشمولًا (الافتراضي اليوم).",
    "Stops TASK after a day (today by default): its schedule ends, and what was recorded stays in its history.":
        "يوقف TASK بعد يوم (اليوم افتراضيًا): ينتهي جدولها، ويبقى ما سُجِّل في سجلها.",
    "The first day of the report (local time). By default the last 7 days, ending today; --from alone runs 7 days from it.":
        "اليوم الأول من التقرير (بالتوقيت المحلي). الافتراضي آخر 7 أيام حتى اليوم؛ و--from وحده يغطي 7 أيام تبدأ منه.",
    "The last day of the report; --to alone ends the 7 days on it.":
        "اليوم الأخير من التقرير؛ و--to وحده ينهي الأيام السبعة عنده.",
    "pdf (the default) or html (a standalone, print-friendly page). Without it, an -o FILE ending in .html or .htm writes HTML.":
        "pdf (الافتراضي) أو html (صفحة مستقلة مناسبة للطباعة). ومن دون هذا الخيار، يكتب -o FILE المنتهي بـ .html أو .htm صفحة HTML.",
    "Where to write (created private to you, 0600); by default carekit-report-FROM-TO.pdf (or .html) in the current folder. \"-\" writes to standard output.":
        "مكان الكتابة (يُنشأ خاصًا بك، 0600)؛ الافتراضي carekit-report-FROM-TO.pdf (أو .html) في المجلد الحالي. و«-» يكتب إلى المخرج القياسي.",
    "The report's title (default \"Care report\").":
        "عنوان التقرير (الافتراضي «Care report»).",
    "The paper size: a4 (the default) or letter.":
        "حجم الورق: a4 (الافتراضي) أو letter.",
    "The care report for a care team: per task the completion per day, the assessment values with their units, the adherence chart, and the patient's name.":
        "تقرير الرعاية لفريق الرعاية: لكل مهمة الإنجاز في كل يوم، وقيم التقييمات بوحداتها، ومخطط الالتزام، واسم المريض.",
    "The TCP port (default 8080; 0 picks a free one).":
        "منفذ TCP (الافتراضي 8080؛ و0 يختار منفذًا متاحًا).",
    "The address to listen on (default 127.0.0.1). Any other address exposes health data to the network and needs --token.":
        "العنوان الذي يُستمع عليه (الافتراضي 127.0.0.1). أي عنوان آخر يعرّض البيانات الصحية للشبكة ويحتاج إلى --token.",
    "A secret of at least 16 characters the browser must present (open the printed link once). Every local user can read it in the process list: prefer --access-token-file or $CAREKIT_ACCESS_TOKEN.":
        "سرّ لا يقل عن 16 حرفًا يجب أن يقدمه المتصفح (افتح الرابط المطبوع مرة واحدة). يستطيع كل مستخدم محلي قراءته في قائمة العمليات: الأفضل --access-token-file أو $CAREKIT_ACCESS_TOKEN.",
    "Runs ZombieKit, the tutorial's app, and seeds its care plan if the store has no tasks yet; creates the store if it does not exist.":
        "يشغّل ZombieKit، تطبيق الدرس التعليمي، ويحمّل خطة رعايته إن لم تكن في المخزن مهام بعد؛ وينشئ المخزن إن لم يكن موجودًا.",
    "Other names the browser may use to reach the app (a reverse proxy's, one in /etc/hosts), comma-separated; requests naming any other host are refused.":
        "أسماء أخرى يجوز للمتصفح أن يصل بها إلى التطبيق (اسم وسيط عكسي، أو اسم في /etc/hosts)، مفصولة بفواصل؛ وتُرفض الطلبات التي تسمي أي مضيف آخر.",
    "Renders every page from the store (pages are otherwise kept until the store changes).":
        "يُنشئ كل صفحة من المخزن (وإلا تُحفظ الصفحات حتى يتغير المخزن).",
    "Synchronizes the store with this sync server: after every change, and every few seconds for the other devices' (needs --token-file). The store is created when missing.":
        "يزامن المخزن مع خادم المزامنة هذا: بعد كل تغيير، وكل بضع ثوانٍ لتغييرات الأجهزة الأخرى (يحتاج إلى --token-file). يُنشأ المخزن إن كان مفقودًا.",
    "Serves the care app (Care Card, Symptom Tracker, Insights, Connect) on http://127.0.0.1:8080 from the store.":
        "يقدّم تطبيق الرعاية (Care Card وSymptom Tracker وInsights وConnect) على http://127.0.0.1:8080 من المخزن.",
    "Ctrl-C stops the server after the requests in progress (and their writes) finish. A read-only or damaged store is served for reading: every change is refused with the reason.":
        "يوقف Ctrl-C الخادم بعد انتهاء الطلبات الجارية (وما تكتبه). ويُقدَّم المخزن المقروء فقط أو التالف للقراءة: يُرفض كل تغيير مع ذكر السبب.",
    "The tasks in effect on the day (today by default).":
        "المهام السارية في اليوم (اليوم افتراضيًا).",
    "The first day of a range of days (instead of --date).":
        "اليوم الأول من مدة من الأيام (بدلًا من --date).",
    "The last day of the range (with --from).":
        "اليوم الأخير من المدة (مع --from).",
    "Every event of the day (today by default), or of the days --from through --to, with its outcome.":
        "كل مواعيد اليوم (اليوم افتراضيًا)، أو مواعيد الأيام من --from إلى --to، مع نتائجها.",
    "The task's id (see `carekit tasks`).":
        "معرّف المهمة (انظر `carekit tasks`).",
    "Marks an event of TASK done: occurrence N, or the day's first event not yet done. Completing an event that is done changes nothing.":
        "يعلّم موعدًا من TASK بأنه تم: التكرار N، أو أول موعد في اليوم لم يتم بعد. إتمام موعد تم من قبل لا يغيّر شيئًا.",
    "The value's unit, such as °F or mg.":
        "وحدة القيمة، مثل °F أو mg.",
    "What the value is, such as systolic (CareKit's outcome value kind).":
        "ما هي القيمة، مثل systolic (نوع قيمة النتيجة في CareKit).",
    "Records VALUE on the day's current event of TASK (or occurrence N); values add up, nothing is replaced.":
        "يسجّل VALUE على الموعد الحالي من TASK في اليوم (أو على التكرار N)؛ تُضاف القيم ولا يُستبدل شيء.",
    "A whole number (negative ones too: -5), a decimal with a point or a comma (98.6, 98,6; not 1,234, which could be either), optionally with units that convert (\"98.6 F\", \"37,2 °C\", \"70 kg\"), yes or no, or text.":
        "عدد صحيح (والسالب أيضًا: -5)، أو عدد عشري بنقطة أو بفاصلة (98.6، 98,6؛ لا 1,234 الذي يحتمل الوجهين)، مع وحدات تُحوَّل إن شئت («98.6 F» و«37,2 °C» و«70 kg»)، أو yes أو no، أو نص.",
    "The sync server, e.g. https://care.example.org/ (http:// only for this machine).":
        "خادم المزامنة، مثل https://care.example.org/ (و http:// لهذا الجهاز فقط).",
    "A file holding this patient's device token (from `carekit sync-server add-patient`); keep it private (0600).":
        "ملف فيه رمز جهاز هذا المريض (من `carekit sync-server add-patient`)؛ أبقه خاصًا (0600).",
    "Creates the store when it does not exist yet (a new device of the patient).":
        "ينشئ المخزن إن لم يكن موجودًا بعد (جهاز جديد للمريض).",
    "The most versions in one request (default 2000): smaller on a slow or unreliable network.":
        "أكبر عدد من النسخ في طلب واحد (الافتراضي 2000): أقل على شبكة بطيئة أو غير موثوقة.",
    "Synchronizes the store with a sync server once: pulls what the patient's other devices wrote, resolves conflicts, pushes what the server has not seen.":
        "يزامن المخزن مع خادم مزامنة مرة واحدة: يجلب ما كتبته أجهزة المريض الأخرى، ويحل التعارضات، ويرسل ما لم يره الخادم.",
    "Exit 0 when both directions completed; 1 when something failed (what was pulled is kept, and the next sync completes the rest); 130 when stopped by Ctrl-C.":
        "الخروج بالرمز 0 حين يكتمل الاتجاهان؛ وبالرمز 1 حين يفشل شيء (يُحتفظ بما جُلب، وتُكمل المزامنة التالية الباقي)؛ وبالرمز 130 حين يُوقَف بـ Ctrl-C.",
    "stopped by Ctrl-C. Nothing is half-written: each step lands whole or not at all, and the store keeps what finished. Run `carekit sync` again to complete the rest.":
        "أُوقف بـ Ctrl-C. لم يُكتب شيء ناقصًا: كل خطوة تُحفظ كاملة أو لا تُحفظ، ويحتفظ المخزن بما اكتمل. شغّل `carekit sync` مجددًا لإكمال الباقي.",
    "The server's database: a SQLite file (default $XDG_DATA_HOME/CareKit/sync-server.sqlite; created private to you, 0600) or PostgreSQL, postgres://user@host/dbname (several servers can share one).":
        "قاعدة بيانات الخادم: ملف SQLite (الافتراضي $XDG_DATA_HOME/CareKit/sync-server.sqlite؛ يُنشأ خاصًا بك، 0600) أو PostgreSQL، postgres://user@host/dbname (يمكن لعدة خوادم أن تتشارك قاعدة واحدة).",
    "The TCP port (default 8443; 0 picks a free one).":
        "منفذ TCP (الافتراضي 8443؛ و0 يختار منفذًا متاحًا).",
    "The proxies whose X-Forwarded-For names the client, comma-separated addresses or networks (10.0.0.5, 10.0.0.0/8, ::1); --behind-proxy alone trusts 127.0.0.1 and ::1. Every other peer keeps its own address, whatever it claims.":
        "الوسطاء (proxies) الذين يُصدَّق ترويسة X-Forwarded-For منهم في تسمية العميل، عناوين أو شبكات مفصولة بفواصل (10.0.0.5، 10.0.0.0/8، ::1)؛ --behind-proxy وحده يثق بـ 127.0.0.1 و::1. كل طرف آخر يبقى بعنوانه هو، مهما ادّعى.",
    "The address to listen on (default 127.0.0.1). Any other address needs --tls-cert and --tls-key, or --behind-proxy.":
        "العنوان الذي يُستمع عليه (الافتراضي 127.0.0.1). أي عنوان آخر يحتاج إلى --tls-cert و--tls-key، أو --behind-proxy.",
    "Serves HTTPS with this certificate (PEM).":
        "يقدّم HTTPS بهذه الشهادة (PEM).",
    "The certificate's private key (PEM).":
        "المفتاح الخاص للشهادة (PEM).",
    "Serves plain HTTP beyond this machine because a proxy in front speaks HTTPS to the devices.":
        "يقدّم HTTP غير مشفر خارج هذا الجهاز لأن وسيطًا أمامه يتحدث HTTPS مع الأجهزة.",
    "What the device is, to recognise its token later (default \"device\").":
        "ما هو الجهاز، للتعرف على رمزه لاحقًا (الافتراضي «device»).",
    "The patient's name on this server (unique).":
        "اسم المريض على هذا الخادم (فريد).",
    "The clinician's e-mail address, which they sign in with.":
        "عنوان البريد الإلكتروني للطبيب المعالج، الذي يسجّل الدخول به.",
    "The identifier's system, a URI (a hospital's MRN namespace, such as urn:oid:1.2.36.146.595.217.0.1).":
        "نظام المعرّف، وهو URI (نطاق أرقام السجلات الطبية في مستشفى، مثل urn:oid:1.2.36.146.595.217.0.1).",
    "The identifier in that system (the MRN).":
        "المعرّف في ذلك النظام (رقم السجل الطبي).",
    "Gives a patient an identifier in another system (their MRN), served on their FHIR Patient; one per system, a new one replaces it.":
        "يعطي مريضًا معرّفًا في نظام آخر (رقم سجله الطبي) يظهر في مورد Patient الخاص به في FHIR؛ معرّف واحد لكل نظام، والجديد يحل محل القديم.",
    "{patient} is {value} in {system}; their FHIR Patient says so.":
        "{patient} هو {value} في {system}؛ ويذكر ذلك مورد Patient الخاص به في FHIR.",
    "The name of a patient of this server.":
        "اسم مريض من مرضى هذا الخادم.",
    "Runs the sync server: a patient's devices pull and push their care-plan versions through it (docs/sync.md). Its OpenAPI document is at /sync/v1/openapi.json.":
        "يشغّل خادم المزامنة: تجلب أجهزة المريض نسخ خطة الرعاية وترسلها عبره (docs/sync.md). ووثيقة OpenAPI الخاصة به في /sync/v1/openapi.json.",
    "Ctrl-C stops it after the requests in progress finish. Accounts: `carekit sync-server add-patient NAME`.":
        "يوقفه Ctrl-C بعد انتهاء الطلبات الجارية. الحسابات: `carekit sync-server add-patient NAME`.",
    "Adds a patient to the sync server and prints the first device's token (256 random bits). Only a hash of it is kept: store it now, in a file only you can read.":
        "يضيف مريضًا إلى خادم المزامنة ويطبع رمز الجهاز الأول (256 بتًا عشوائيًا). لا يُحفظ إلا تجزئة (hash) له: احفظه الآن في ملف لا يقرؤه سواك.",
    "Prints a new device token for a patient of the sync server (another phone, a tablet).":
        "يطبع رمز جهاز جديدًا لمريض من مرضى خادم المزامنة (هاتف آخر، جهاز لوحي).",
    "Lists the patients of the sync server.":
        "يسرد مرضى خادم المزامنة.",
    "Adds a clinician who signs in to the dashboard (/team) with an e-mail address and a password (at least 12 characters), read from standard input or asked for; never give it as an argument. Only an Argon2id hash is kept.":
        "يضيف طبيبًا معالجًا يسجّل الدخول إلى لوحة المتابعة (/team) ببريد إلكتروني وكلمة مرور (12 حرفًا على الأقل)، تُقرأ من المدخل القياسي أو تُطلب منه؛ لا تعطها أبدًا معاملًا. لا يُحفظ إلا تجزئة Argon2id.",
    "Lets a clinician see a patient on the dashboard; a clinician sees only the patients assigned to them.":
        "يتيح لطبيب معالج رؤية مريض في لوحة المتابعة؛ لا يرى الطبيب المعالج إلا المرضى المسندين إليه.",
    "The range the measurement should stay in, such as 97-99.5 (blood pressure: 90-140/60-90).": "النطاق الذي يجب أن يبقى فيه القياس، مثل 97-99.5 (ضغط الدم: 90-140/60-90).",
    "For a measurement the app does not know: the lowest and highest value that can be recorded at all, such as 0-10.": "لقياس لا يعرفه التطبيق: أدنى قيمة وأعلى قيمة يمكن تسجيلهما أصلًا، مثل 0-10.",
    // The sync server's administration and audit trail
    "Warning: the server runs as the owner of the audit table, so it could switch its protection off. Run it as a role that may only INSERT and SELECT on it (docs/deploy.md, \"Two roles\").":
        "تحذير: يعمل الخادم بصفته مالك جدول التدقيق، فيمكنه إيقاف حمايته. شغّله بدور لا يملك عليه إلا INSERT وSELECT (docs/deploy.md، \"Two roles\").",
    "Only this patient's.": "لهذا المريض فقط.",
    "The device token's number, as `sync-server devices` lists it (at least 8 of its digits).": "رقم رمز الجهاز كما يسرده `sync-server devices` (8 من أرقامه على الأقل).",
    "verify: checks every link of the chain. export: writes the trail out.": "verify: يفحص كل حلقة من السلسلة. export: يكتب السجل.",
    "For export: jsonl (the default), each line as stored with its hashes; fhir, FHIR R4 AuditEvent resources, one a line.":
        "للتصدير: jsonl (الافتراضي)، كل سطر كما خُزّن مع تجزئاته؛ fhir، موارد AuditEvent من FHIR R4، واحد في كل سطر.",
    "Lists the device tokens (by number, never the token), with when each was last used (to the hour) and whether it was revoked.":
        "يسرد رموز الأجهزة (بالرقم، لا الرمز أبدًا)، مع آخر استخدام لكل منها (بالساعة) وهل أُلغي.",
    "Revokes a device token (a lost phone, a retired system): it is refused from its next request on, on every server of the database.":
        "يلغي رمز جهاز (هاتف مفقود، نظام متقاعد): يُرفض من طلبه التالي، على كل خوادم قاعدة البيانات.",
    "Disables a clinician's account: their sessions end at once and they cannot sign in until `enable`.": "يعطّل حساب أحد أفراد الفريق الطبي: تنتهي جلساته فورًا ولا يستطيع تسجيل الدخول حتى `enable`.",
    "Lets a disabled clinician sign in again.": "يسمح لفرد معطَّل من الفريق الطبي بتسجيل الدخول من جديد.",
    "Removes a clinician for good: their sessions and assignments end; the account stays, disabled, so that the audit trail still names them.":
        "يزيل فردًا من الفريق الطبي نهائيًا: تنتهي جلساته وتكليفاته؛ يبقى الحساب معطَّلًا كي يظل سجل التدقيق يسمّيه.",
    "Stops a clinician seeing a patient on the dashboard, from their next page on.": "يوقف ظهور مريض لفرد من الفريق الطبي في لوحة المتابعة، من صفحته التالية.",
    "Sets a clinician's password (at least 12 characters), read from standard input or asked for; their sessions end.":
        "يضبط كلمة مرور فرد من الفريق الطبي (12 حرفًا على الأقل)، تُقرأ من الإدخال القياسي أو تُطلب؛ تنتهي جلساته.",
    "Every clinician signs in with a code from an authenticator app after the password; one who has not set it up does so at their next sign-in, before seeing any patient.":
        "يسجّل كل فرد من الفريق الطبي دخوله برمز من تطبيق مصادقة بعد كلمة المرور؛ ومن لم يُعِدّه بعد يُعِدّه عند تسجيل دخوله التالي، قبل أن يرى أي مريض.",
    "Removes a clinician's two-step sign-in and recovery codes (a lost phone); their sessions end, and they set it up again at their next sign-in.":
        "يزيل تسجيل الدخول بخطوتين ورموز الاسترداد لفرد من الفريق الطبي (هاتف مفقود)؛ تنتهي جلساته، ويُعِدّه من جديد عند تسجيل دخوله التالي.",
    "Two-step sign-in of {email} was reset; their sessions have ended. They set it up again at their next sign-in.":
        "أُعيد ضبط تسجيل الدخول بخطوتين لـ {email}؛ انتهت جلساته. يُعِدّه من جديد عند تسجيل دخوله التالي.",
    "VALUE is empty: give what to record, such as 1, 98.6 F, yes, or a few words in quotes.":
        "VALUE فارغة: اذكر ما تريد تسجيله، مثل 1 أو 98.6 F أو yes أو بضع كلمات بين علامتي اقتباس.",
    "VALUE has {count} characters; a value may have at most {limit}. Keep long text in a file of your own and record a short note.":
        "تحتوي VALUE على {count} حرفًا؛ لا يزيد الحد الأقصى للقيمة على {limit}. احتفظ بالنص الطويل في ملف خاص بك وسجّل ملاحظة قصيرة.",
    "{path} is {kind}, not a database file; nothing was opened. Give the path of a file.":
        "{path} هو {kind}، وليس ملف قاعدة بيانات؛ لم يُفتح شيء. أعطِ مسار ملف.",
    "There is no sync-server database at {path}; nothing was created. Check --db, or start with `carekit sync-server add-patient NAME` or `carekit sync-server`, which create it.":
        "لا توجد قاعدة بيانات لخادم المزامنة في {path}؛ لم يُنشأ شيء. تحقّق من --db، أو ابدأ بـ `carekit sync-server add-patient NAME` أو `carekit sync-server`، اللذين ينشئانها.",
    "Gives a clinician a new random password, shown once to hand over; their sessions end.": "يعطي فردًا من الفريق الطبي كلمة مرور عشوائية جديدة، تُعرض مرة واحدة لتسليمها؛ تنتهي جلساته.",
    "Checks the audit trail's hash chain and names the first broken link (verify), or writes the trail out (export), to standard output or -o FILE.":
        "يفحص سلسلة تجزئات سجل التدقيق ويسمّي أول حلقة مكسورة (verify)، أو يكتب السجل (export)، إلى الإخراج القياسي أو -o FILE.",
    "No device tokens yet; `carekit sync-server add-patient NAME` adds a patient and its first one.": "لا رموز أجهزة بعد؛ `carekit sync-server add-patient NAME` يضيف مريضًا ورمزه الأول.",
    "DEVICE": "الجهاز",
    "LABEL": "التسمية",
    "LAST USED": "آخر استخدام",
    "STATE": "الحالة",
    "never": "أبدًا",
    "revoked {day}": "أُلغي في {day}",
    "works": "صالح",
    "Revoked the device token {device} ({label} of {patient}); it is refused from now on.": "أُلغي رمز الجهاز {device} ({label} الخاص بـ {patient})؛ يُرفض من الآن.",
    "{email} can sign in again.": "يستطيع {email} تسجيل الدخول من جديد.",
    "{email} is disabled: signed out everywhere, and cannot sign in until `enable`.": "{email} معطَّل: سُجّل خروجه في كل مكان، ولا يستطيع تسجيل الدخول حتى `enable`.",
    "{email} is removed: signed out everywhere, with no patients.": "{email} أُزيل: سُجّل خروجه في كل مكان، بلا مرضى.",
    "{clinician} no longer sees {patient} on the dashboard.": "لم يعد {clinician} يرى {patient} في لوحة المتابعة.",
    "Changed the password of {email}; their sessions have ended.": "تغيّرت كلمة مرور {email}؛ انتهت جلساته.",
    "A new password for {email}; it is shown once. Their sessions have ended. Hand it over in person:": "كلمة مرور جديدة لـ {email}؛ تُعرض مرة واحدة. انتهت الجلسات. سلّمها شخصيًا:",
    "the entry before it was changed, removed or inserted": "الإدخال الذي قبله غُيّر أو أُزيل أو أُدرج",
    "its content does not match its hash: it was changed": "محتواه لا يطابق تجزئته: لقد غُيّر",
    "The audit trail is broken at entry {id}: {reason}. The {count} entries before it are intact. Keep the database as it is for the investigation; restore the audit from a backup to a new database.":
        "سجل التدقيق مكسور عند الإدخال {id}: {reason}. الإدخالات الـ {count} قبله سليمة. اترك قاعدة البيانات كما هي للتحقيق؛ استعد السجل من نسخة احتياطية إلى قاعدة بيانات جديدة.",
    "Every link of the audit trail's {count} entries holds. The last hash is {hash}: note it somewhere else; entries cut from the end would change it.":
        "كل حلقات إدخالات سجل التدقيق الـ {count} سليمة. آخر تجزئة هي {hash}: دوّنها في مكان آخر؛ فحذف إدخالات من النهاية سيغيّرها.",
    "--format must be jsonl or fhir, not '{value}'.": "يجب أن تكون --format إما jsonl أو fhir، لا '{value}'.",
    "Wrote the {count} entries of the audit trail to {path}.": "كُتبت إدخالات سجل التدقيق الـ {count} إلى {path}.",
    "Say verify or export, not '{value}'.": "اكتب verify أو export، لا '{value}'.",
    // Encrypted exports and backups
    "Exported {what} to {path}, encrypted.": "صُدِّر {what} إلى {path}، مشفَّرًا.",
    "Encrypts the file in the age format to these recipients: age1… public keys (`age-keygen` makes them), or files of them, one a line, separated by commas.":
        "يشفّر الملف بصيغة age لهؤلاء المستلمين: مفاتيح عامة age1… (ينشئها `age-keygen`)، أو ملفات بها، مفتاح في كل سطر، مفصولة بفواصل.",
    "Encrypts (or decrypts) the file in the age format with the passphrase on the first line of FILE (scrypt), instead of keys.":
        "يشفّر الملف (أو يفك تشفيره) بصيغة age بعبارة المرور الموجودة في السطر الأول من FILE (scrypt)، بدل المفاتيح.",
    "Decrypts an age file with the secret keys of FILE (`age-keygen`'s output).": "يفك تشفير ملف age بالمفاتيح السرية في FILE (مخرجات `age-keygen`).",
    "Give --encrypt-to or --passphrase-file, not both: a passphrase file is readable by its passphrase alone.":
        "أعطِ --encrypt-to أو --passphrase-file، لا كليهما: ملف عبارة المرور يُقرأ بعبارة المرور وحدها.",
    "'{value}' is neither an age1… public key nor a file of them.": "'{value}' ليس مفتاحًا عامًا age1… ولا ملفًا بها.",
    "{file} holds '{value}', which is not an age1… public key.": "يحوي {file} القيمة '{value}'، وهي ليست مفتاحًا عامًا age1….",
    "--encrypt-to names no recipient.": "لا يسمّي --encrypt-to أي مستلم.",
    "Could not read the identity file {file}.": "تعذّرت قراءة ملف الهوية {file}.",
    "{file} is encrypted (age): give --identity FILE or --passphrase-file FILE to read it. Nothing was imported.":
        "{file} مشفَّر (age): أعطِ --identity FILE أو --passphrase-file FILE لقراءته. لم يُستورد شيء.",
    "{file}: {reason} Nothing was imported.": "{file}: {reason} لم يُستورد شيء.",
    "Could not read the passphrase file {file}.": "تعذّرت قراءة ملف عبارة المرور {file}.",
    "The passphrase in {file} is shorter than 8 characters.": "عبارة المرور في {file} أقصر من 8 أحرف.",
    "none of the given keys opens it.": "لا يفتحه أي من المفاتيح المعطاة.",
    "the passphrase does not open it.": "عبارة المرور لا تفتحه.",
    "it was changed or damaged after it was written.": "غُيّر أو تلف بعد كتابته.",
    "it is cut short.": "إنه مقطوع.",
    "its passphrase needs more work than this machine allows.": "تحتاج عبارة مروره إلى عمل أكثر مما يسمح به هذا الجهاز.",
    "{file} holds no AGE-SECRET-KEY-1… key.": "لا يحوي {file} أي مفتاح AGE-SECRET-KEY-1….",
    "a passphrase cannot be combined with other recipients.": "لا يمكن الجمع بين عبارة مرور ومستلمين آخرين.",
    "it is not an age file.": "ليس ملف age.",
    "the system's random source or libsodium could not be used.": "تعذّر استخدام مصدر العشوائية في النظام أو libsodium.",
    "Writes a consistent copy of the SQLite database, encrypted in the age format (--encrypt-to or --passphrase-file; `age -d` restores the file). For PostgreSQL, encrypt pg_dump's output with age (docs/deploy.md).":
        "يكتب نسخة متسقة من قاعدة بيانات SQLite، مشفّرة بصيغة age (--encrypt-to أو --passphrase-file؛ `age -d` يستعيد الملف). مع PostgreSQL، شفّر مخرجات pg_dump بـ age (docs/deploy.md).",
    "Say where the backup goes: -o FILE.": "قل إلى أين تذهب النسخة الاحتياطية: -o FILE.",
    "A backup holds every patient's history: give --encrypt-to RECIPIENT or --passphrase-file FILE.": "تحوي النسخة الاحتياطية تاريخ كل المرضى: أعطِ --encrypt-to RECIPIENT أو --passphrase-file FILE.",
    "This database is PostgreSQL: back it up with `pg_dump --format=custom carekit` and encrypt that with `age -r RECIPIENT` (docs/deploy.md).":
        "قاعدة البيانات هذه PostgreSQL: انسخها احتياطيًا بـ `pg_dump --format=custom carekit` وشفّر النسخة بـ `age -r RECIPIENT` (docs/deploy.md).",
    "Wrote an encrypted backup of the sync server's database to {path}; `age -d` gives back the SQLite file.":
        "كُتبت نسخة احتياطية مشفّرة من قاعدة بيانات خادم المزامنة إلى {path}؛ `age -d` يعيد ملف SQLite.",
    // Secrets of carekit serve
    "Reads the access token (as --token) from the first line of FILE, which only you may read (0600).": "يقرأ رمز الوصول (مثل --token) من السطر الأول من FILE، الذي لا يقرؤه غيرك (0600).",
    "Give --token or --access-token-file, not both.": "أعطِ --token أو --access-token-file، لا كليهما.",
    "Could not read the access token file {path}: {reason}.": "تعذّرت قراءة ملف رمز الوصول {path}: {reason}.",
    "{path} can be read by other users (mode {mode}), so the access token in it is not secret: `chmod 600 {path}`.":
        "يستطيع مستخدمون آخرون قراءة {path} (الوضع {mode})، فرمز الوصول فيه ليس سرًا: `chmod 600 {path}`.",
    "{path} holds no access token on its first line.": "لا يحوي {path} رمز وصول في سطره الأول.",
    "WARNING: --token is visible to every user of this machine (in /proc); use --access-token-file or $CAREKIT_ACCESS_TOKEN.":
        "تحذير: --token مرئي لكل مستخدمي هذا الجهاز (في /proc)؛ استخدم --access-token-file أو $CAREKIT_ACCESS_TOKEN.",
    "The link leaves out the access token: add ?token=TOKEN (from your token file) when you first open it.": "يُغفل الرابط رمز الوصول: أضف ?token=TOKEN (من ملف الرمز) عند فتحه أول مرة.",
    "Removed the app's passcode: it opens without one until a new one is set on its Passcode page.": "أُزيل رمز دخول التطبيق: يُفتح دونه حتى يُعيَّن رمز جديد في صفحة «رمز الدخول».",
    "Removes the app's passcode (one forgotten) before serving; the care plan stays as it is. Whoever can run this can read the store anyway.":
        "يزيل رمز دخول التطبيق (المنسي) قبل تشغيله؛ وتبقى خطة الرعاية كما هي. من يستطيع تشغيل هذا يستطيع قراءة المخزن على أي حال.",
    "The app asks for its passcode after some minutes without use (forgotten: --remove-passcode).": "يطلب التطبيق رمز دخوله بعد بضع دقائق دون استخدام (إن نُسي: --remove-passcode)."
]
