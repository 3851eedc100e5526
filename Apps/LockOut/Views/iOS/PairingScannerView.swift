#if os(iOS)
    import SwiftUI
    import UIKit
    import VisionKit

    /// The child's side of pairing (seed 002): the camera reads the parent's pairing QR code and hands over its text,
    /// once. Where the data scanner is not supported (an older device) or not available (no camera permission, or
    /// restricted), a paste button takes the code instead.
    struct PairingScannerView: View {
        /// Receives the scanned or pasted code.
        let found: (String) -> Void

        var body: some View {
            if DataScannerViewController.isSupported, DataScannerViewController.isAvailable {
                QRScanner(found: found)
                    .ignoresSafeArea()
                    .accessibilityIdentifier("pairing.scanner")
            } else {
                VStack(spacing: 16) {
                    Image(systemName: "qrcode.viewfinder")
                        .font(.system(size: 48))
                        .foregroundStyle(.secondary)
                        .accessibilityHidden(true)
                    Text(
                        "Scanning is not available on this device. Copy the code shown on the parent's device and paste it here."
                    )
                    .multilineTextAlignment(.center)
                    PasteButton(payloadType: String.self) { strings in
                        if let code = strings.first { found(code) }
                    }
                    .accessibilityIdentifier("pairing.pasteFallback")
                }
                .padding(24)
            }
        }
    }

    /// VisionKit's data scanner, reading QR codes only, for SwiftUI.
    private struct QRScanner: UIViewControllerRepresentable {
        let found: (String) -> Void

        func makeUIViewController(context: Context) -> DataScannerViewController {
            let scanner = DataScannerViewController(
                recognizedDataTypes: [.barcode(symbologies: [.qr])], qualityLevel: .balanced, recognizesMultipleItems: false,
                isHighFrameRateTrackingEnabled: false, isHighlightingEnabled: true
            )
            scanner.delegate = context.coordinator
            return scanner
        }

        func updateUIViewController(_ scanner: DataScannerViewController, context: Context) {
            context.coordinator.found = found
            if !scanner.isScanning {
                try? scanner.startScanning()
            }
        }

        static func dismantleUIViewController(_ scanner: DataScannerViewController, coordinator: Coordinator) {
            scanner.stopScanning()
        }

        func makeCoordinator() -> Coordinator {
            Coordinator(found: found)
        }

        /// Hands over the first QR code's text, once.
        final class Coordinator: NSObject, DataScannerViewControllerDelegate {
            var found: (String) -> Void
            private var delivered = false

            init(found: @escaping (String) -> Void) {
                self.found = found
            }

            func dataScanner(
                _ dataScanner: DataScannerViewController, didAdd addedItems: [RecognizedItem], allItems: [RecognizedItem]
            ) {
                for item in addedItems {
                    guard !delivered, case .barcode(let barcode) = item, let text = barcode.payloadStringValue else { continue }
                    delivered = true
                    dataScanner.stopScanning()
                    found(text)
                }
            }
        }
    }

    #Preview("Scanner or paste") {
        PairingScannerView { _ in }
    }
#endif
