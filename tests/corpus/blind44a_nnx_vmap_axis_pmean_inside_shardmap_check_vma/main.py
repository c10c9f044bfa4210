import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(nnx.relu(self.linear1(x)))


@nnx.split_rngs(splits=3)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(10, 32, 5, rngs=rngs)


mesh = Mesh(jax.devices(), ('data',))


@nnx.jit
def ensemble_loss(ensemble, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
  def per_shard(ensemble, x, y):
    @nnx.vmap(in_axes=(0, None, None), out_axes=0, axis_name='ensemble')
    def member_loss(model, x, y):
      logits = model(x)
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
      return jax.lax.pmean(loss, 'ensemble')

    losses = member_loss(ensemble, x, y)
    return jax.lax.pmean(losses[0], 'data')

  return per_shard(ensemble, x, y)


ensemble = create_ensemble(nnx.Rngs(0))
x = jnp.ones((64, 10))
y = jnp.zeros((64,), jnp.int32)
print(ensemble_loss.trace(ensemble, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
