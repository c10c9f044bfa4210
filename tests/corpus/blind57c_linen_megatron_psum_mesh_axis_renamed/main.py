import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from layers import RowParallelMLP

D, H_LOCAL, TP = 128, 256, 2


def main():
  devices = np.array(jax.devices()).reshape(2, TP)
  mesh = Mesh(devices, ("data", "mp"))

  mlp = RowParallelMLP(hidden=H_LOCAL, out=D)
  x_local = jnp.ones((4, D))
  # each tensor-parallel shard owns its own slice of the hidden dimension
  params = jax.eval_shape(lambda: jax.vmap(lambda k: mlp.init(k, x_local))(jax.random.split(jax.random.PRNGKey(0), TP)))
  params = jax.tree.map(lambda s: jax.ShapeDtypeStruct(s.shape, s.dtype), params)

  param_specs = jax.tree.map(lambda _: P("mp"), params)

  @jax.jit
  @functools.partial(shard_map, mesh=mesh, in_specs=(param_specs, P("data")), out_specs=P("data"))
  def forward(params, x):
    local = jax.tree.map(lambda p: p[0], params)
    return mlp.apply(local, x)

  x = jax.ShapeDtypeStruct((16, D), jnp.float32)
  forward.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
