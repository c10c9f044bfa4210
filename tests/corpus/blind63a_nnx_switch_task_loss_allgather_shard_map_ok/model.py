from flax import nnx


class DualHeadEncoder(nnx.Module):

  def __init__(self, d_in, d_model, n_classes, d_proj, *, rngs):
    self.backbone = nnx.Sequential(
        nnx.Linear(d_in, d_model, rngs=rngs), nnx.relu,
        nnx.Linear(d_model, d_model, rngs=rngs), nnx.relu,
    )
    self.classifier = nnx.Linear(d_model, n_classes, rngs=rngs)
    self.projector = nnx.Linear(d_model, d_proj, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.backbone(x)
