import Foundation
import RichText
import Synchronization
import Testing

@testable import QuickLook

/// The thread a changing command starts ahead so that the drawing libraries load while
/// it works: it runs what it is given after its warm-up, one drawing at a time, and
/// draws the same bytes as any other thread.
@Suite("Drawing thread started ahead")
struct DrawingThreadTests {
  @Test("a thumbnail drawn on the thread after its warm-up has the bytes of one drawn on a thread of its own")
  func sameBytes() throws {
    let text = AttributedText(plainText: "Shopping\nMilk, eggs and bread")
    let expected = try ThumbnailRenderer().renderNote(text, image: nil).png
    let thread = DrawingThread()
    let drawn = Mutex<[UInt8]?>(nil)
    #expect(thread.runIfIdle { drawn.withLock { $0 = try? ThumbnailRenderer().renderNote(text, image: nil).png } })
    thread.waitUntilIdle()
    #expect(drawn.withLock { $0 } == expected)
  }

  @Test("a second drawing is refused while one is queued or running, and taken once the thread is idle")
  func oneDrawingAtATime() {
    let thread = DrawingThread()
    let release = DispatchSemaphore(value: 0)
    let order = Mutex<[Int]>([])
    #expect(thread.runIfIdle {
      release.wait()
      order.withLock { $0.append(1) }
    })
    #expect(!thread.runIfIdle { order.withLock { $0.append(2) } }, "a drawing is queued or running")
    release.signal()
    thread.waitUntilIdle()
    #expect(thread.runIfIdle { order.withLock { $0.append(3) } })
    thread.waitUntilIdle()
    #expect(order.withLock { $0 } == [1, 3])
  }

  @Test("the thread ends once its owner is released and the jobs given are done")
  func threadEnds() {
    let done = DispatchSemaphore(value: 0)
    let threadTask = Mutex<String>("")
    do {
      let thread = DrawingThread()
      #expect(thread.runIfIdle {
        // "PID/task/TID": this thread's folder under /proc.
        let task = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        threadTask.withLock { $0 = task }
        done.signal()
      })
    }
    // The job still runs after the release; then the thread ends.
    #expect(done.wait(timeout: .now() + 30) == .success)
    let task = "/proc/" + threadTask.withLock { $0 }
    #expect(task != "/proc/")
    let deadline = Date().addingTimeInterval(10)
    while FileManager.default.fileExists(atPath: task) && Date() < deadline { usleep(10_000) }
    #expect(!FileManager.default.fileExists(atPath: task), "the drawing thread is still running")
  }

  @Test("waitUntilIdle returns once the warm-up is done, with nothing given")
  func warmUpEnds() {
    let thread = DrawingThread()
    thread.waitUntilIdle()
    #expect(thread.runIfIdle {})
    thread.waitUntilIdle()
  }
}
