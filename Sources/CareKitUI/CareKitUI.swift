/// CareKitUI: cards, charts, contacts and calendar rendered as HTML and SVG.
public enum CareKitUI {}
