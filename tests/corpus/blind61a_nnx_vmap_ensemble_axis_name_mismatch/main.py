import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ensemble import Member, codistill_loss

NUM_MEMBERS = 4
mesh = Mesh(np.array(jax.devices()[:NUM_MEMBERS]), ("ensemble",))


@nnx.split_rngs(splits=NUM_MEMBERS)
@nnx.vmap(in_axes=0, out_axes=0)
def create_members(rngs: nnx.Rngs):
  return Member(128, 10, rngs=rngs)


members = create_members(nnx.Rngs(0))
# one ensemble member per device
nnx.update(members, jax.device_put(nnx.state(members), NamedSharding(mesh, P("ensemble"))))


@nnx.jit
def ensemble_loss(members, x, labels):

  @nnx.vmap(in_axes=(0, None, None), out_axes=0, axis_name="ensemble")
  def per_member(member, x, labels):
    return codistill_loss(member, x, labels)

  losses = per_member(members, x, labels)
  return losses.sum()


x = jnp.ones((64, 128), jnp.float32)
labels = jnp.zeros((64,), jnp.int32)
lowered = ensemble_loss.trace(members, x, labels).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])
