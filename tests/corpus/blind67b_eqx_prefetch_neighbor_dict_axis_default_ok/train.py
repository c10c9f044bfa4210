import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

DATA, TENSOR = "data", "tensor"


def make_forward(mesh):
  def local(model, x):
    idx = lax.axis_index(TENSOR)
    nbr = lax.rem(idx + 1, mesh.shape[TENSOR])
    return model(x, jnp.reshape(nbr, (1,)).astype(jnp.int32))

  def forward(model, x):
    return jax.shard_map(
        local, mesh=mesh,
        in_specs=(P(), P(DATA)), out_specs=P(DATA),
        check_vma=False,
    )(model, x)

  return forward
