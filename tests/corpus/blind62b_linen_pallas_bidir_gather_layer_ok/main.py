import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import GlobalContextBlock

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ("seq",))
model = GlobalContextBlock(features=256, axis_name="seq", num_devices=N)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("seq")),
                   out_specs=P(), check_vma=False)
def init_params(key, x):
  return model.init(key, x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("seq")),
                   out_specs=P("seq"), check_vma=False)
def forward(variables, x):
  return model.apply(variables, x)


def main():
  x = jax.ShapeDtypeStruct((N * 16, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P("seq")))
  variables = jax.eval_shape(init_params, jax.random.key(0), x)
  forward.trace(variables, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
