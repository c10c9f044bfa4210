import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


class Inference:

  def __init__(self, model, mesh, seq_axis):
    self.params, self.static = eqx.partition(model, eqx.is_array)
    self.mesh = mesh
    self.seq_axis = seq_axis
    param_specs = jax.tree.map(lambda _: P(), self.params)
    self.apply = jax.jit(jax.shard_map(
        self._apply, mesh=mesh,
        in_specs=(param_specs, P(seq_axis, None)),
        out_specs=P(seq_axis, None),
        check_vma=False))

  def _apply(self, params, x):
    model = eqx.combine(params, self.static)
    return model(x)
