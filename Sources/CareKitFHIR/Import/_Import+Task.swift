import CareKitStore
import Foundation

extension _ImportContext {

    /// An activity as a version of a task: the CareKit task extension says which task and
    /// version it is; an activity written elsewhere becomes a task of its own.
    mutating func readActivity(_ activity: FHIRCarePlan.Activity, index: Int, planFHIRID: String, planUUID: UUID?, planStart: Date?, whole: FHIRResource) {
        let taskPart = activity.extension?.first(OCKFHIRVocabulary.task)
        let name = "\(whole.reference) activity \(index + 1)" + (activity.detail?.code?.text.map { " (\($0))" } ?? "")
        guard let detail = activity.detail else {
            let target = activity.reference?.reference.map { "it refers to \($0)" } ?? "it has no detail"
            problem(name, "\(target); CareKit makes tasks of activities with a detail and a Timing")
            return
        }
        if ["cancelled", "entered-in-error"].contains(detail.status ?? "") {
            note(name, "skipped: its status is \(detail.status ?? "")")
            return
        }
        if detail.additionalMembers["doNotPerform"] == .bool(true) {
            note(name, "skipped: it is something not to do (doNotPerform)")
            return
        }
        guard let timing = detail.scheduledTiming else {
            problem(name, "it has no scheduledTiming; a CareKit task needs a schedule")
            return
        }
        let schedule: OCKSchedule
        do {
            let reading = try OCKSchedule.read(timing, timeZone: zone, fallbackStart: planStart)
            schedule = reading.schedule
            for text in reading.notes { note(name, text) }
        } catch {
            problem(name, "its Timing cannot be scheduled: \(error.reason)")
            return
        }
        let id = taskPart?.part("id")?.textValue ?? activity.additionalMembers["id"]?.stringValue.map { "\(planFHIRID).\($0)" } ?? "\(planFHIRID).activity-\(index + 1)"
        let title = detail.code?.text ?? detail.code?.coding?.first(where: { $0.display != nil })?.display
        var task = OCKTask(id: id, title: title, carePlanUUID: planUUID, schedule: schedule)
        task.instructions = detail.description
        task.timezone = zone
        task.createdDate = nil
        task.effectiveDate = schedule.startDate()
        _EntityMetadata.apply(activity.extension?.first(OCKFHIRVocabulary.entity), to: &task, timeZone: zone)
        task.impactsAdherence = taskPart?.part("impactsAdherence")?.booleanValue ?? true
        if taskPart?.part("codeDerived")?.booleanValue != true { task.loincCode = detail.code?.code(in: OCKFHIRVocabulary.loinc) }
        var kept: [String: FHIRJSON] = [:]
        // The Timing's code (BID, a hospital's own) is written again on export.
        if let code = timing.code, let json = try? FHIRJSON.convert(code, to: FHIRJSON.self) { kept["timingCode"] = json }
        var activityKept = activity.additionalMembers
        activityKept.removeValue(forKey: "id")
        let foreign = _EntityMetadata.foreign(activity.extension)
        if !foreign.isEmpty { activityKept["extension"] = .array(foreign) }
        if !activityKept.isEmpty { kept["activity"] = .object(activityKept) }
        var detailKept = detail.additionalMembers
        let detailForeign = _EntityMetadata.foreign(detail.extension)
        if !detailForeign.isEmpty { detailKept["extension"] = .array(detailForeign) }
        if !detailKept.isEmpty { kept["detail"] = .object(detailKept) }
        task.uuid = importer.makeUUID()
        task.updatedDate = taskPart?.date("updatedDate", timeZone: zone)
        _EntityMetadata.keep(kept, in: &task)
        let version = taskPart?.part("version")?.integerValue
        taskVersions[id, default: []].append((task, version))
        if !(tasksOfPlan[planFHIRID] ?? []).contains(id) { tasksOfPlan[planFHIRID, default: []].append(id) }

        if let deleted = taskPart?.part("deleted"), let effective = deleted.date("effectiveDate", timeZone: zone) {
            var tombstone = task
            tombstone.uuid = importer.makeUUID()
            tombstone.effectiveDate = effective
            tombstone.deletedDate = deleted.date("deletedDate", timeZone: zone) ?? effective
            tombstone.updatedDate = deleted.date("updatedDate", timeZone: zone)
            taskVersions[id, default: []].append((tombstone, version.map { $0 + 1 }))
        }
    }

    /// Links each task's versions in time order (each follows the one before it) once every
    /// activity has been read.
    mutating func linkTaskVersions() {
        for (id, versions) in taskVersions {
            let ordered = versions.enumerated().sorted { lhs, rhs in
                (lhs.element.task.effectiveDate, lhs.element.exportedVersion ?? 0, lhs.offset) < (rhs.element.task.effectiveDate, rhs.element.exportedVersion ?? 0, rhs.offset)
            }.map(\.element)
            var linked: [(task: OCKTask, exportedVersion: Int?)] = []
            for var version in ordered {
                if let previous = linked.last {
                    if previous.task.deletedDate != nil {
                        problem("Task \(id)", "an activity of the task comes after its deletion")
                        break
                    }
                    if version.task.effectiveDate == previous.task.effectiveDate {
                        problem("Task \(id)", "two activities of the task take effect at the same time; give each version its own effective date")
                        break
                    }
                    version.task.previousVersionUUIDs = [previous.task.uuid]
                }
                linked.append(version)
            }
            taskVersions[id] = linked
        }
    }

    /// The version of a task that owns `date`, and when the next one takes over.
    func owner(ofTask id: String, at date: Date) -> (task: OCKTask, end: Date?)? {
        guard let versions = taskVersions[id] else { return nil }
        for (index, version) in versions.enumerated() where version.task.effectiveDate <= date {
            let end = versions.indices.contains(index + 1) ? versions[index + 1].task.effectiveDate : nil
            if end.map({ date < $0 }) ?? true { return version.task.deletedDate == nil ? (version.task, end) : nil }
        }
        return nil
    }
}
