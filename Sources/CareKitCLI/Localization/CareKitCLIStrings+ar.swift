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
    "The app speaks the language each browser asks for, else {language} (choose one with --language, which saves it in the store).":
        "يتحدث التطبيق اللغة التي يطلبها كل متصفح، وإلا فاللغة {language} (اختر لغة بالخيار --language الذي يحفظها في المخزن).",
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
        "كلمة المرور (على الأقل {count} حرف): "
]
