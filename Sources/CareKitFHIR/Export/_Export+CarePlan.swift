import CareKitStore
import Foundation

extension _ExportContext {
    /// The id of the plan that holds tasks without a (live) care plan.
    static let unassignedPlanID = "carekit-unassigned-tasks"

    /// The FHIR id of the plan of tasks without a plan (clear of every real plan's id).
    var unassignedPlanFHIRID: String {
        var id = Self.unassignedPlanID
        while livePlans[id] != nil { id += "-1" }
        return id
    }

    /// The store's patient when it has exactly one: the subject of tasks without a plan.
    var soleLivePatient: UUID? {
        livePatients.count == 1 ? livePatients.values.first?.uuid : nil
    }

    /// One activity per task version that owns time, with what it adds to its plan's version.
    struct PlannedActivity {
        var taskID: String
        var start: Date
        var activity: FHIRCarePlan.Activity
        var version: Int
        var written: Date
    }

    /// Care plans with their tasks as activities; tasks without a live plan go to one more plan
    /// marked with the unassigned-tasks extension.
    func carePlans() -> [FHIRResource] {
        var byPlan: [String?: [PlannedActivity]] = [:]
        for (id, versions) in Dictionary(grouping: tasks, by: \.id).sorted(by: { $0.key < $1.key }) {
            let spans = OCKVersionSpan.spans(of: versions)
            for (index, span) in spans.enumerated() where !span.isTombstone {
                let following = spans.indices.contains(index + 1) ? spans[index + 1] : nil
                let planned = activity(span, deletion: following?.isTombstone == true ? following : nil, taskID: id)
                byPlan[livePlanID(span.version.carePlanUUID), default: []].append(planned)
            }
        }
        var resources: [FHIRResource] = []
        for (id, plan) in livePlans.sorted(by: { $0.key < $1.key }) {
            let versions = plans.filter { $0.id == id }
            let depth = _Versions.depths(versions)[plan.uuid] ?? 1
            let first = versions.map(\.effectiveDate).min() ?? plan.effectiveDate
            var resource = FHIRCarePlan(id: FHIRIdentity.fhirID(for: id))
            resource.identifier = FHIRIdentity.identifiers(for: id)
            resource.title = plan.title.nonEmpty
            resource.subject = subject(patientUUID: plan.patientUUID)
            resource.period = FHIRPeriod(start: FHIRDateTime.string(first, in: plan.timezone))
            resource.extension = [_EntityMetadata.make(plan)]
            if contacts.contains(where: { livePlanID($0.carePlanUUID) == id && $0.deletedDate == nil }) {
                resource.careTeam = [.to("CareTeam", FHIRIdentity.fhirID(for: id))]
            }
            fill(&resource, activities: byPlan[id] ?? [], planVersion: depth, planWritten: plan.updatedDate ?? plan.effectiveDate, zone: plan.timezone)
            resources.append(Self.resource(.carePlan(resource), keeping: plan))
        }
        if let unassigned = byPlan[nil], !unassigned.isEmpty {
            var resource = FHIRCarePlan(id: unassignedPlanFHIRID)
            resource.title = "Tasks without a care plan"
            resource.subject = subject(patientUUID: soleLivePatient)
            resource.extension = [.boolean(OCKFHIRVocabulary.unassignedTasks, true)]
            let earliest = unassigned.map(\.start).min() ?? now
            resource.period = FHIRPeriod(start: FHIRDateTime.string(earliest, in: .gmt))
            fill(&resource, activities: unassigned, planVersion: 0, planWritten: nil, zone: .gmt)
            resources.append(FHIRResource(.carePlan(resource)))
        }
        return resources
    }

    /// Status, intent, activities and a version that grows whenever the plan or a task in it changes.
    private func fill(_ resource: inout FHIRCarePlan, activities: [PlannedActivity], planVersion: Int, planWritten: Date?, zone: TimeZone) {
        resource.status = "active"
        resource.intent = "plan"
        let ordered = activities.sorted { ($0.taskID, $0.start) < ($1.taskID, $1.start) }
        resource.activity = ordered.map(\.activity).nonEmpty
        // The plan's version number plus the latest version number of each of its tasks.
        let taskVersions = Dictionary(grouping: ordered, by: \.taskID).values.map { $0.map(\.version).max() ?? 0 }.reduce(0, +)
        let written = ([planWritten].compactMap { $0 } + ordered.map(\.written)).max() ?? now
        resource.meta = FHIRMeta(versionId: String(max(planVersion + taskVersions, 1)), lastUpdated: FHIRDateTime.string(written, in: zone))
    }

    /// A task version as an activity: its code, instructions, Timing for the time it owns,
    /// status, and what FHIR cannot say in the task and entity extensions.
    func activity(_ span: OCKVersionSpan<OCKTask>, deletion: OCKVersionSpan<OCKTask>?, taskID: String) -> PlannedActivity {
        let task = span.version
        let version = taskVersions[task.uuid]?.version ?? 1
        let zone = task.schedule.elements.first?.calendar.timeZone ?? task.timezone
        var taskParts: [FHIRExtension] = [.string("id", taskID), .integer("version", version), .boolean("impactsAdherence", task.impactsAdherence)]
        // An activity has no meta of its own: the version's write time travels here.
        if let updated = task.updatedDate { taskParts += FHIRExtension.instant("updatedDate", updated, in: zone) }
        if let deletion {
            var parts = FHIRExtension.instant("effectiveDate", deletion.start, in: zone)
            if let date = deletion.version.deletedDate { parts += FHIRExtension.instant("deletedDate", date, in: zone) }
            if let date = deletion.version.updatedDate { parts += FHIRExtension.instant("updatedDate", date, in: zone) }
            taskParts.append(.complex("deleted", parts))
        }
        var detail = FHIRCarePlan.Detail(status: status(of: span))
        var loinc = task.loincCode.map { [FHIRCoding(system: OCKFHIRVocabulary.loinc, code: $0, display: OCKFHIRVocabulary.vitalSigns[$0])] }
        // A task without a code of its own is coded by the measurement it records (made by the
        // command line or the plan editor); import leaves such a code out of the task again.
        if loinc == nil, let code = _MeasurementCoding.kind(of: task, values: [])?.loinc {
            loinc = [_MeasurementCoding.coding(code)]
            taskParts.append(.boolean("codeDerived", true))
        }
        if loinc != nil || task.title.nonEmpty != nil { detail.code = FHIRCodeableConcept(coding: loinc, text: task.title) }
        detail.description = task.instructions.nonEmpty
        detail.scheduledTiming = task.schedule.fhirTiming(from: span.start, until: span.end)
        let kept = _EntityMetadata.kept(in: task)
        if let code = kept["timingCode"].flatMap({ try? FHIRJSON.convert($0, to: FHIRCodeableConcept.self) }) { detail.scheduledTiming?.code = code }
        detail.additionalMembers = kept["detail"]?.objectValue ?? [:]
        var activity = FHIRCarePlan.Activity(detail: detail)
        activity.extension = [.complex(OCKFHIRVocabulary.task, taskParts), _EntityMetadata.make(task)]
        activity.additionalMembers = kept["activity"]?.objectValue ?? [:]
        let written = [task.updatedDate ?? task.effectiveDate, deletion?.version.updatedDate].compactMap { $0 }.max() ?? task.effectiveDate
        return PlannedActivity(taskID: taskID, start: span.start, activity: activity, version: version + (deletion == nil ? 0 : 1), written: written)
    }

    /// `stopped` once a later version or the deletion has taken over, `not-started` before the
    /// version applies, `completed` once its schedule has ended, `in-progress` otherwise.
    private func status(of span: OCKVersionSpan<OCKTask>) -> String {
        if let end = span.end, end <= now { return "stopped" }
        if span.start > now { return "not-started" }
        if let end = span.version.schedule.endDate(), end <= now { return "completed" }
        return "in-progress"
    }
}
