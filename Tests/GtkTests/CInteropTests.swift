import CGtk
import XCTest
@testable import Gtk

/// The public bridge between GTK's C API (`CGtk`) and the binding's wrappers, and the typed views of values and
/// builder objects that a client reaches unwrapped GTK through.
final class CInteropTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAWidgetMadeInCIsAdoptedWithTransferFullAndGoesBackOutAsTheSamePointer() {
        MainActor.assumeIsolated {
            let raw = UnsafeMutableRawPointer(gtk_text_view_new()!)
            var view = Object.wrapper(ofUnsafeGObject: raw, as: Widget.self, ownership: .full)
            let probe = FinalizationProbe(view!)
            XCTAssertEqual(view?.typeName, "GtkTextView")
            XCTAssertFalse(view!.isFloating, "the floating reference is sunk")
            XCTAssertEqual(view?.referenceCount, 1, "the wrapper adopted the one reference")
            XCTAssertEqual(view?.unsafeGObject, raw)
            XCTAssertTrue(Object.wrapper(ofUnsafeGObject: raw, as: Widget.self, ownership: .none) === view,
                          "the same object, every time")
            XCTAssertEqual(view?.referenceCount, 1, "finding the wrapper again takes no reference")
            view = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    /// A client's subclass, as outside `Gtk`: it forwards the handle and never names a pointer type.
    @MainActor private final class NoteRow: Box {
        let title = Label()
        required init(handle: GObjectHandle) { super.init(handle: handle) }
    }

    func testAClientSubclassIsMadeFromAHandleWithTheOwnershipItSays() {
        MainActor.assumeIsolated {
            let raw = UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
            g_object_ref_sink(raw)
            var row: NoteRow? = NoteRow(handle: GObjectHandle(unsafeGObject: raw, ownership: .full))
            let probe = FinalizationProbe(row!)
            XCTAssertEqual(row?.typeName, "GtkBox")
            XCTAssertEqual(row?.referenceCount, 1, "transfer full: the wrapper adopted C's reference, no extra one")
            XCTAssertTrue(Object.wrapper(ofUnsafeGObject: raw, as: Box.self, ownership: .none) === row,
                          "GTK hands back the subclass, with its fields")
            row = nil
            XCTAssertTrue(probe.isFinalized)

            let lent = UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
            g_object_ref_sink(lent)
            var borrowed: NoteRow? = NoteRow(handle: GObjectHandle(unsafeGObject: lent, ownership: .none))
            let borrowedProbe = FinalizationProbe(borrowed!)
            XCTAssertEqual(borrowed?.referenceCount, 2, "transfer none: a reference of its own")
            borrowed = nil
            XCTAssertFalse(borrowedProbe.isFinalized, "C's reference keeps the object, and its wrapper")
            g_object_unref(lent)
            XCTAssertTrue(borrowedProbe.isFinalized, "the wrapper's reference was the last")
        }
    }

    func testAPointerWithTransferNoneGetsAReferenceOfItsOwn() {
        MainActor.assumeIsolated {
            let box = Box(.vertical)
            gtk_box_append(box.c(), gtk_label_new("from C"))
            let child = Object.wrapper(ofUnsafeGObject: UnsafeMutableRawPointer(gtk_widget_get_first_child(box.widget)),
                                       as: Widget.self, ownership: .none)
            XCTAssertEqual(child?.referenceCount, 2, "one for the box, one for the wrapper")
            XCTAssertTrue(child is Label, "a GtkLabel's wrapper is a Label, whatever it was asked for as")
            XCTAssertEqual((child as? Label)?.text, "from C")
        }
    }

    func testABorrowedFloatingPointerIsReferencedButNotSunk() {
        MainActor.assumeIsolated {
            let raw = UnsafeMutableRawPointer(gtk_label_new("lent")!)
            var label = Object.wrapper(ofUnsafeGObject: raw, as: Label.self, ownership: .borrowed)
            let probe = FinalizationProbe(label!)
            XCTAssertTrue(label!.isFloating, "the floating reference is still C's to sink")
            XCTAssertEqual(label?.referenceCount, 2)
            g_object_ref_sink(raw)
            g_object_unref(raw)
            XCTAssertFalse(probe.isFinalized, "the wrapper's own reference is left")
            label = nil
            XCTAssertTrue(probe.isFinalized)
        }
    }

    func testAnObjectIsNotWrappedAsAClassItIsNot() {
        MainActor.assumeIsolated {
            let raw = UnsafeMutableRawPointer(gtk_label_new("a label")!)
            g_object_ref_sink(raw)
            XCTAssertNil(Object.wrapper(ofUnsafeGObject: raw, as: Button.self, ownership: .none))
            XCTAssertEqual(raw.assumingMemoryBound(to: GObject.self).pointee.ref_count, 1, "and no reference is kept")
            XCTAssertNil(Object.wrapper(ofUnsafeGObject: nil, as: Widget.self, ownership: .none))
            g_object_unref(raw)
        }
    }

    func testValuesReadAsTheirOwnType() {
        MainActor.assumeIsolated {
            let entry = Entry()
            entry.text = "typed"
            entry.setProperty("progress-fraction", .double(0.25))
            entry.setProperty("max-length", .int(12))
            XCTAssertEqual(entry.property("text").stringValue, "typed")
            XCTAssertEqual(entry.property("progress-fraction").doubleValue, 0.25)
            XCTAssertEqual(entry.property("max-length").intValue, 12)
            XCTAssertEqual(entry.property("visible").boolValue, true)
            XCTAssertNil(entry.property("text").intValue, "a string is not an int")
            let window = Window()
            let label = Label("inside")
            window.child = label
            XCTAssertTrue(window.property("child").objectValue === label)
            XCTAssertTrue(window.property("child").object(as: Label.self) === label)
            XCTAssertNil(window.property("child").object(as: Button.self))
            window.destroy()
        }
    }

    func testBuilderReturnsAnyObjectByNameAndType() {
        MainActor.assumeIsolated {
            let builder = Builder(xml: """
                <interface>
                  <object class="GtkBox" id="box">
                    <child><object class="GtkLabel" id="title"><property name="label">Notes</property></object></child>
                    <child><object class="GtkTextView" id="text"/></child>
                  </object>
                </interface>
                """)
            XCTAssertEqual(builder.object(named: "title", as: Label.self)?.text, "Notes")
            let text = builder.object(named: "text", as: Widget.self)
            XCTAssertEqual(text?.typeName, "GtkTextView")
            XCTAssertTrue(text?.parent === builder.object(named: "box", as: Box.self))
            XCTAssertNil(builder.object(named: "title", as: Button.self), "a label is not a button")
            XCTAssertNil(builder.object(named: "missing", as: Object.self))
        }
    }
}
