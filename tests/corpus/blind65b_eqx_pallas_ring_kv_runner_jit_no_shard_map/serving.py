import equinox as eqx
import jax


class Inference:

  def __init__(self, model, mesh, seq_axis):
    self.params, self.static = eqx.partition(model, eqx.is_array)
    self.mesh = mesh
    self.seq_axis = seq_axis
    self.apply = jax.jit(self._apply)

  def _apply(self, params, x):
    model = eqx.combine(params, self.static)
    return model(x)
