import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import model

mesh = jax.make_mesh((2, 2), ("data", "seq"), axis_types=(AxisType.Explicit,) * 2)
D, H, HD, OUT = 128, 4, 32, 16

param_specs = {"wq": P(), "wk": P(), "wv": P(), "wo": P(), "head": P()}
act = P("data", "seq", None)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, act, act),
                   out_specs=(P(), param_specs))
def grad_step(params, x, y):
  loss_fn = functools.partial(model.encoder_loss, seq_shards=mesh.shape["seq"])
  return jax.value_and_grad(loss_fn)(params, x, y)


def sds(shape, spec):
  return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))


params = {
    "wq": sds((D, H, HD), P()), "wk": sds((D, H, HD), P()), "wv": sds((D, H, HD), P()),
    "wo": sds((H, HD, D), P()), "head": sds((D, OUT), P()),
}
x = sds((8, 1024, D), act)
y = sds((8, 1024, OUT), act)
grad_step.trace(params, x, y).lower(lowering_platforms=("tpu",))
