import CoreImage
import CoreImage.CIFilterBuiltins
import LockOutCore
import LockOutPresentation
import SwiftUI

/// Pairing (seed 002). On a parent's device: a pairing code for a child's or a personal device, shown as a QR image
/// and as text to copy, valid until it expires, made again on demand. On a device in no family yet: starting one on
/// a server (a parent's or personal device), or joining one with the code pasted or, on iPhone and iPad, scanned (a
/// child's or personal device). What the server answers, and every refusal, is the service's.
struct PairingView: View {
    let model: FamilyDashboardModel
    /// Runs once this device started or joined a family: the app shows where it goes next.
    var joined: @MainActor () async -> Void = {}

    @State private var server = ""
    @State private var code = ""
    @State private var working = false
    @State private var scanning = false

    var body: some View {
        Group {
            switch model.place {
            case .parent:
                codeMaker
            case .notMember(let mode):
                if mode != .childDevice {
                    creating
                }
                if mode != .parentDevice {
                    joining
                }
            case .loading, .noMode, .member:
                EmptyView()
            }
            if let message = model.message {
                Text(verbatim: message.text)
                    .foregroundStyle(.red)
                    .accessibilityIdentifier("pairing.refusal")
            }
        }
        .disabled(working)
    }

    /// The parent's side: a code for each kind of device, and the last one made.
    @ViewBuilder private var codeMaker: some View {
        Button("Pair a child's device") {
            Task { await model.pair(.childDevice) }
        }
        .accessibilityIdentifier("pairing.pairChild")
        Button("Pair a personal device") {
            Task { await model.pair(.personalDevice) }
        }
        .accessibilityIdentifier("pairing.pairPersonal")
        if let pairing = model.pairing {
            VStack(spacing: 12) {
                if let image = PairingQRCode.image(of: pairing.payload) {
                    Image(decorative: image, scale: 1)
                        .interpolation(.none)
                        .resizable()
                        .scaledToFit()
                        .frame(width: 220, height: 220)
                        .accessibilityLabel(Text("Pairing QR code"))
                        .accessibilityIdentifier("pairing.qrCode")
                }
                Text(verbatim: pairing.payload)
                    .font(.caption.monospaced())
                    .textSelection(.enabled)
                    .accessibilityIdentifier("pairing.code")
                HStack(spacing: 4) {
                    Text(verbatim: pairing.mode.displayName)
                    Text("· expires")
                    Text(pairing.expiresAt, style: .relative)
                }
                .font(.footnote)
                .foregroundStyle(.secondary)
                ShareLink(item: pairing.payload) {
                    Label("Share code", systemImage: "square.and.arrow.up")
                }
                .accessibilityIdentifier("pairing.share")
            }
            .frame(maxWidth: .infinity)
        }
    }

    /// Starting a family on a server.
    @ViewBuilder private var creating: some View {
        TextField("Family server, like https://family.example.org", text: $server)
            .autocorrectionDisabled()
            #if os(iOS)
                .textContentType(.URL)
                .keyboardType(.URL)
                .textInputAutocapitalization(.never)
            #endif
            .accessibilityIdentifier("pairing.server")
        Button("Start a family") {
            Task {
                await run { await model.create(server: server) }
            }
        }
        .accessibilityIdentifier("pairing.create")
    }

    /// Joining with a pasted or scanned code.
    @ViewBuilder private var joining: some View {
        TextField("Pairing code (lockout-pair:…)", text: $code, axis: .vertical)
            .font(.body.monospaced())
            .autocorrectionDisabled()
            #if os(iOS)
                .textInputAutocapitalization(.never)
            #endif
            .accessibilityIdentifier("pairing.codeField")
        Button("Join family") {
            Task { await join(code) }
        }
        .accessibilityIdentifier("pairing.join")
        #if os(iOS)
            Button("Scan QR code") { scanning = true }
                .accessibilityIdentifier("pairing.scan")
                .sheet(isPresented: $scanning) {
                    NavigationStack {
                        PairingScannerView { scanned in
                            scanning = false
                            code = scanned
                            Task { await join(scanned) }
                        }
                        .navigationTitle(Text("Scan the pairing code"))
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) {
                                Button("Cancel") { scanning = false }
                                    .accessibilityIdentifier("pairing.scanCancel")
                            }
                        }
                    }
                }
        #endif
    }

    private func join(_ text: String) async {
        await run { await model.join(code: text) }
    }

    /// Starts or joins a family; once it worked, the app shows where this device goes next.
    private func run(_ call: () async -> Bool) async {
        working = true
        let worked = await call()
        working = false
        if worked {
            await joined()
        }
    }
}

/// The pairing code as a QR image (CoreImage's generator), drawn at one pixel a module and scaled by the view.
@MainActor
enum PairingQRCode {
    private static let context = CIContext()

    /// The QR image of `text`; nil when CoreImage makes none.
    static func image(of text: String) -> CGImage? {
        let filter = CIFilter.qrCodeGenerator()
        filter.message = Data(text.utf8)
        filter.correctionLevel = "M"
        guard let output = filter.outputImage else { return nil }
        return context.createCGImage(output, from: output.extent)
    }
}

#Preview("Parent") {
    let model = FamilyDashboardModel(
        service: PreviewRuntime.family(.parentDevice), calendar: Calendar(identifier: .gregorian),
        today: { LocalDate(year: 2026, month: 11, day: 23) }
    )
    List {
        PairingView(model: model)
    }
    .task { await model.refresh() }
}

#Preview("Child joining") {
    let service = PreviewRuntime.family(.childDevice)
    let model = FamilyDashboardModel(
        service: service, calendar: Calendar(identifier: .gregorian), today: { LocalDate(year: 2026, month: 11, day: 23) }
    )
    List {
        PairingView(model: model)
    }
    .task { await model.refresh() }
}
