import Foundation
import GRDB

extension AppDatabase {
    /// Natural breaks: a session taken by stepping away is marked (`natural`, 0 for every older row), and
    /// `breakDay` counts them beside the completed and skipped, kept by the same three triggers, made anew.
    static func addNaturalBreaks(_ db: Database) throws {
        try db.alter(table: "breakSession") { t in
            t.add(column: "natural", .integer).notNull().defaults(to: 0)
                .check(sql: "natural IN (0, 1) AND (natural = 0 OR outcome = 'completed')")
        }
        try db.alter(table: "breakDay") { t in
            t.add(column: "natural", .integer).notNull().defaults(to: 0)
                .check { $0 >= 0 }
        }
        try db.execute(sql: """
            DROP TRIGGER breakSession_countInsert;
            DROP TRIGGER breakSession_countDelete;
            DROP TRIGGER breakSession_countUpdate;

            CREATE TRIGGER breakSession_countInsert AFTER INSERT ON breakSession BEGIN
                INSERT INTO breakDay (day, completed, skipped, natural)
                VALUES (NEW.day, NEW.outcome = 'completed', NEW.outcome = 'skipped', NEW.natural)
                ON CONFLICT (day) DO UPDATE SET
                    completed = completed + excluded.completed,
                    skipped = skipped + excluded.skipped,
                    natural = natural + excluded.natural;
            END;

            CREATE TRIGGER breakSession_countDelete AFTER DELETE ON breakSession BEGIN
                UPDATE breakDay SET
                    completed = completed - (OLD.outcome = 'completed'),
                    skipped = skipped - (OLD.outcome = 'skipped'),
                    natural = natural - OLD.natural
                WHERE day = OLD.day;
                DELETE FROM breakDay WHERE day = OLD.day AND completed = 0 AND skipped = 0;
            END;

            CREATE TRIGGER breakSession_countUpdate AFTER UPDATE OF day, outcome, natural ON breakSession BEGIN
                INSERT INTO breakDay (day, completed, skipped, natural)
                VALUES (NEW.day, NEW.outcome = 'completed', NEW.outcome = 'skipped', NEW.natural)
                ON CONFLICT (day) DO UPDATE SET
                    completed = completed + excluded.completed,
                    skipped = skipped + excluded.skipped,
                    natural = natural + excluded.natural;
                UPDATE breakDay SET
                    completed = completed - (OLD.outcome = 'completed'),
                    skipped = skipped - (OLD.outcome = 'skipped'),
                    natural = natural - OLD.natural
                WHERE day = OLD.day;
                DELETE FROM breakDay WHERE day = OLD.day AND completed = 0 AND skipped = 0;
            END;
            """)
    }
}
