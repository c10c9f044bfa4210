import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import SequenceParallelMixer


def main():
  mesh = Mesh(np.array(jax.devices()), ("seq",))
  n = mesh.shape["seq"]
  model = SequenceParallelMixer(512, 128, axis_name="seq", num_devices=n,
                                key=jax.random.PRNGKey(0))

  @eqx.filter_jit
  def apply(model, x):
    x = eqx.filter_shard(x, NamedSharding(mesh, P("seq", None)))
    return jax.shard_map(model, mesh=mesh, in_specs=P("seq", None),
                         out_specs=P("seq", None), check_vma=False)(x)

  params, static = eqx.partition(model, eqx.is_array)

  def step(params, x):
    return apply(eqx.combine(params, static), x)

  x = jax.ShapeDtypeStruct((512, 128), jnp.float32)
  jax.jit(step).trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
