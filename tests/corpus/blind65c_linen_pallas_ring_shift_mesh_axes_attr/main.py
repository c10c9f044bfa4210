import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from model import RingKVBlock

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
model = RingKVBlock(d_model=128, ring_size=mesh.shape["model"])

x = jax.ShapeDtypeStruct((4, 256, 128), jnp.float32)
variables = jax.eval_shape(model.init, jax.random.key(0), x)


def ring_step(variables, x):
  return model.apply(variables, x)


step = jax.jit(jax.shard_map(
    ring_step, mesh=mesh,
    in_specs=(P(), P("data", "model", None)),
    out_specs=(P("data", "model", None), P("data", "model", None)),
    check_vma=False))
step.trace(variables, x).lower(lowering_platforms=("tpu",))
