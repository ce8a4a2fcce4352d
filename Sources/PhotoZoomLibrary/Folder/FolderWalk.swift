import Foundation
import PhotoZoomUntrusted

/// The image files under a folder and all its subfolders, as paths relative to it.
///
/// Hidden files and folders (a leading dot: `.thumbnails`, `.git`) are skipped. A folder
/// reached through a symbolic link is walked: a library often links in a card or a disk
/// mounted elsewhere. Each real folder is walked once, though, whatever the links to it: a link
/// back to an ancestor (a loop) or to a folder already walked adds nothing. Folders are walked
/// in name order, so a folder reached two ways is named by the first of them in that order, on
/// every run. A folder named like a photo (`x.jpg`) is a folder here. A subfolder that cannot be
/// read is left out with a line saying why; the top folder is the one the user named, so there
/// it is an error.
public enum FolderWalk {
    /// Lines about unreadable subfolders, before the rest are counted in one more.
    public static let linesShown = 5

    public static func imagePaths(in folder: String, log: (String) -> Void) throws -> [String] {
        var walked: Set<FolderID> = []
        var images: [String] = []
        var unreadable: [String] = []
        // Relative paths still to walk, the next on top; "" is the folder itself. A folder is
        // marked walked when its turn comes, so the first path to it in name order names it.
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            if let id = FolderID(path: path), !walked.insert(id).inserted { continue }
            let entries: [PhotoFolder.Entry]
            do {
                entries = try PhotoFolder.entries(of: path)
            } catch let PhotoFolderError.unreadable(_, reason) where !relative.isEmpty {
                unreadable.append(
                    "cannot read folder '\(relative)' in photo folder '\(folder)': \(reason); its photos are left out")
                continue
            }
            var subfolders: [String] = []
            for entry in entries where !entry.name.hasPrefix(".") {
                let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if isFolder(entry, at: folder + "/" + child) {
                    subfolders.append(child)
                } else if PhotoFolder.isImageName(entry.name) {
                    images.append(child)
                }
            }
            pending += subfolders.sorted { PhotoFolder.precedes($1, $0) }
        }
        for line in unreadable.prefix(linesShown) { log("photozoom: " + line) }
        if unreadable.count > linesShown {
            log("photozoom: and \(unreadable.count - linesShown) more folders, likewise")
        }
        return images
    }

    /// A folder, or a link to one; `readdir` says which for most entries without a `stat`.
    private static func isFolder(_ entry: PhotoFolder.Entry, at path: String) -> Bool {
        switch Int32(entry.type) {
        case Int32(DT_DIR): return true
        case Int32(DT_LNK), Int32(DT_UNKNOWN):
            var info = stat()
            return PathBytes.withCString(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
        default: return false
        }
    }

    /// A folder's identity on the machine, whichever path reaches it.
    private struct FolderID: Hashable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
