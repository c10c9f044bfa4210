import equinox as eqx


class PipelineConfig(eqx.Module):
    n_stages: int
    n_micro: int
    width: int = 16
    axis: str = eqx.field(static=True, default="stage")
