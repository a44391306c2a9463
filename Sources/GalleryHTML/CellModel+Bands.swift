import GalleryLayout

/// A cell's places in the grid's bands as the page and the data files write them: per field
/// (column, photos above per px of width, the rest of y, caption and comment heights) a value
/// per band, rounded as written. Neighbouring bands mostly agree, so both write a value only
/// where it differs from the band before (the style sheet falls back band by band, the data
/// files keep runs).
extension CellModel {
    struct BandField {
        /// The custom property's stem ("c" → --c0, --c1, …) and the data files' key.
        var name: String
        var values: [Double]
        /// Whether a value is a length (written with "px").
        var isLength: Bool
    }

    func bandFields(_ fluid: FluidMasonry) -> [BandField] {
        var column: [Double] = [], scale: [Double] = [], offset: [Double] = [], caption: [Double] = [], comment: [Double] = []
        for (band, placement) in zip(fluid.bands, placements) {
            let y = placement.yTerms(innerWidth: band.innerWidth)
            column.append(Double(placement.column))
            scale.append(HTML.rounded(y.scale, digits: 5))
            offset.append(HTML.rounded(y.offset))
            caption.append(HTML.rounded(placement.captionHeight))
            comment.append(HTML.rounded(placement.commentHeight))
        }
        var fields = [BandField(name: "c", values: column, isLength: false), BandField(name: "t", values: scale, isLength: false),
                      BandField(name: "y", values: offset, isLength: true)]
        if !self.caption.isEmpty { fields.append(BandField(name: "ch", values: caption, isLength: true)) }
        if !self.comment.isEmpty { fields.append(BandField(name: "mh", values: comment, isLength: true)) }
        return fields
    }
}

extension CellModel.BandField {
    /// The bands whose value differs from the band before (band 0 always).
    var changes: [(band: Int, value: Double)] {
        values.enumerated().filter { $0.offset == 0 || values[$0.offset - 1] != $0.element }.map { ($0.offset, $0.element) }
    }

    /// As the data files keep it: [value, how many bands, value, how many bands, …].
    var runs: [Double] {
        var runs: [Double] = []
        for value in values {
            if runs.count >= 2, runs[runs.count - 2] == value {
                runs[runs.count - 1] += 1
            } else {
                runs += [value, 1]
            }
        }
        return runs
    }
}
