#!/usr/bin/env python3
"""Writes a realistic Apple Health export.xml of about a given size, for scripts/bench/health-import.sh.

    scripts/bench/gen-health-export.py OUTPUT [--size 1G] [--seed 4] [--tz-offset +0100]

Like a real export it has the long DTD header, <ExportDate>, <Me>, then millions of <Record .../> lines
of many types (steps, distance, active and basal energy, heart rate, flights, exercise and stand time,
sleep) from an iPhone and an Apple Watch with sourceName, sourceVersion and an entity-laden device
attribute, <MetadataEntry> children on some records, HRV records with nested lists, Workouts with events
and statistics, and one ActivitySummary per day. Records are grouped by type and in date order, as
Apple writes them. Deterministic for a given seed. Prints, on stderr, how many records of the three
types the health gate counts were written, and their raw sums (before the multi-source rule).
"""
import argparse
import datetime
import random
import sys

DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth                   CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex                 CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType                     CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse   CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutEvent (MetadataEntry?)>
<!ATTLIST WorkoutEvent
  type         CDATA #REQUIRED
  date         CDATA #REQUIRED
  duration     CDATA #IMPLIED
  durationUnit CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type       CDATA #REQUIRED
  startDate  CDATA #REQUIRED
  endDate    CDATA #REQUIRED
  average    CDATA #IMPLIED
  minimum    CDATA #IMPLIED
  maximum    CDATA #IMPLIED
  sum        CDATA #IMPLIED
  unit       CDATA #IMPLIED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleMoveTime            CDATA #IMPLIED
  appleMoveTimeGoal        CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
]>
<HealthData locale="de_DE">
 <ExportDate value="2024-06-01 09:12:44 +0200"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-04-12" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

PHONE = ("iPhone von Jan", "17.4.1",
         "&lt;&lt;HKDevice: 0x283b1c0f0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
         "hardware:iPhone15,2, software:17.4.1, creation date:2024-03-20 08:01:12 +0000&gt;")
WATCH = ("Jan&#8217;s Apple Watch", "10.4",
         "&lt;&lt;HKDevice: 0x283b1c4b0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
         "hardware:Watch6,1, software:10.4, creation date:2024-03-20 08:01:12 +0000&gt;")

# (type, unit, records per device per day, value range, sources, decimals)
TYPES = [
    ("HKQuantityTypeIdentifierStepCount", "count", 60, (10, 900), (PHONE, WATCH), 0),
    ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km", 60, (0.01, 0.6), (PHONE, WATCH), 6),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", 120, (0.1, 12), (WATCH,), 3),
    ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", 120, (0.5, 1.4), (WATCH,), 3),
    ("HKQuantityTypeIdentifierHeartRate", "count/min", 150, (52, 160), (WATCH,), 0),
    ("HKQuantityTypeIdentifierFlightsClimbed", "count", 8, (1, 4), (PHONE, WATCH), 0),
    ("HKQuantityTypeIdentifierAppleExerciseTime", "min", 30, (1, 1), (WATCH,), 0),
    ("HKQuantityTypeIdentifierAppleStandTime", "min", 40, (1, 5), (WATCH,), 0),
    ("HKCategoryTypeIdentifierSleepAnalysis", None, 10, None, (WATCH,), 0),
]
COUNTED = {"HKQuantityTypeIdentifierStepCount": "steps",
           "HKQuantityTypeIdentifierActiveEnergyBurned": "energy",
           "HKQuantityTypeIdentifierAppleExerciseTime": "exercise"}


def parse_size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().rstrip("B").rstrip("I")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def record_line(rng, type_, unit, low_high, source, decimals, stamp_start, stamp_end, offset):
    name, version, device = source
    if unit is None:
        value = 'value="HKCategoryValueSleepAnalysisAsleepCore"'
        number = None
    else:
        low, high = low_high
        number = round(rng.uniform(low, high), decimals) if decimals else rng.randint(int(low), int(high))
        value = f'unit="{unit}" value="{number}"'
        if unit == "min" and type_.endswith("ExerciseTime"):
            number = 1
            value = f'unit="{unit}" value="1"'
    line = (f' <Record type="{type_}" sourceName="{name}" sourceVersion="{version}" device="{device}" '
            f'{value.split(" value=")[0]} creationDate="{stamp_end} {offset}" startDate="{stamp_start} {offset}" '
            f'endDate="{stamp_end} {offset}"' + (f' value={value.split(" value=")[1]}' if unit else f" {value}"))
    return line, number


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--size", default="1G", help="approximate size, e.g. 1G, 200M (default 1G)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--tz-offset", default="+0100")
    args = parser.parse_args()
    target = parse_size(args.size)
    rng = random.Random(args.seed)
    start_day = datetime.date(2015, 1, 1)
    counts = {k: 0 for k in COUNTED.values()}
    sums = {k: 0.0 for k in COUNTED.values()}
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        out.write(DTD)
        written = len(DTD.encode())
        # Bytes per day, estimated from one sample day, so each type gets its share of the days.
        per_day = 0
        sample = random.Random(0)
        for type_, unit, per, lh, sources, dec in TYPES:
            line, _ = record_line(sample, type_, unit, lh, sources[0], dec, "2015-01-01 08:00:00", "2015-01-01 08:05:00", args.tz_offset)
            per_day += (len(line.encode()) + 3) * per * len(sources)
        per_day = int(per_day * 1.08)  # metadata children, workouts, summaries
        days = max(1, (target - written) // per_day)
        for type_, unit, per, lh, sources, dec in TYPES:
            metric = COUNTED.get(type_)
            for d in range(days):
                day = start_day + datetime.timedelta(days=d)
                stamp_day = day.isoformat()
                lines = []
                for source in sources:
                    for i in range(per):
                        seconds = 6 * 3600 + i * (16 * 3600 // per) + rng.randint(0, 60)
                        h, rem = divmod(seconds, 3600)
                        m, s = divmod(rem, 60)
                        end = seconds + 300
                        eh, erem = divmod(min(end, 86399), 3600)
                        em, es = divmod(erem, 60)
                        line, number = record_line(rng, type_, unit, lh, source, dec,
                                                   f"{stamp_day} {h:02d}:{m:02d}:{s:02d}",
                                                   f"{stamp_day} {eh:02d}:{em:02d}:{es:02d}", args.tz_offset)
                        if i % 25 == 0:
                            line += (">\n  <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"" f"{rng.getrandbits(64):016X}\"/>\n"
                                     "  <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"1\"/>\n </Record>\n")
                        else:
                            line += "/>\n"
                        lines.append(line)
                        if metric:
                            counts[metric] += 1
                            sums[metric] += number
                chunk = "".join(lines)
                out.write(chunk)
                written += len(chunk)
        for d in range(days):
            day = (start_day + datetime.timedelta(days=d)).isoformat()
            if d % 3 == 0:
                out.write(f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="31.5" durationUnit="min" '
                          f'sourceName="{WATCH[0]}" sourceVersion="{WATCH[1]}" device="{WATCH[2]}" creationDate="{day} 19:02:00 {args.tz_offset}" '
                          f'startDate="{day} 18:30:00 {args.tz_offset}" endDate="{day} 19:01:30 {args.tz_offset}">\n'
                          f'  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
                          f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{day} 18:30:00 {args.tz_offset}" duration="10" durationUnit="min"/>\n'
                          f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{day} 18:30:00 {args.tz_offset}" '
                          f'endDate="{day} 19:01:30 {args.tz_offset}" sum="312.4" unit="kcal"/>\n </Workout>\n')
        for d in range(days):
            day = (start_day + datetime.timedelta(days=d)).isoformat()
            out.write(f' <ActivitySummary dateComponents="{day}" activeEnergyBurned="512.3" activeEnergyBurnedGoal="500" '
                      f'activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="31" '
                      f'appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>\n')
        out.write("</HealthData>\n")
    print(f"wrote {args.output}: {days} days; counted records: "
          + ", ".join(f"{k} {counts[k]} (raw sum {sums[k]:.1f})" for k in counts), file=sys.stderr)


if __name__ == "__main__":
    main()
