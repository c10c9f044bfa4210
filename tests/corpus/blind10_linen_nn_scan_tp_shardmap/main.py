import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ScannedMLP

TP = 'tensor'


def main():
  devices = np.array(jax.devices())
  mesh = Mesh(devices, (TP,))
  tp = devices.size
  model = ScannedMLP(n_layers=4, d_model=32, d_ff_local=128 // tp, tp_axis=TP)
  x = jnp.ones((4, 32))

  def spec_for(path, _):
    return P(TP)

  # per-device parameter shards, stacked along the leading (layer) axis across TP ranks
  params = jax.eval_shape(jax.jit(jax.shard_map(
      lambda k, x: model.init(jax.random.fold_in(k, jax.lax.axis_index(TP)), x),
      mesh=mesh, in_specs=(P(), P()), out_specs=P(TP), check_vma=False)), jax.random.key(0), x)
  param_specs = jax.tree_util.tree_map_with_path(spec_for, params)

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P()), out_specs=P())
  def forward(params, x):
    return model.apply(params, x)

  forward.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
