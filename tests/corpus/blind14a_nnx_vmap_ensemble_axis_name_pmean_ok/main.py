import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

N_MEMBERS = 5


class Member(nnx.Module):

  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(din, 32, rngs=rngs)
    self.out = nnx.Linear(32, dout, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.relu(self.hidden(x)))


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=0, out_axes=0)
def make_ensemble(rngs: nnx.Rngs):
  return Member(8, 3, rngs=rngs)


@nnx.jit
def ensemble_predict(ensemble, x):

  @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='ensemble')
  def member_predict(member, x):
    logits = member(x)
    mean = jax.lax.pmean(logits, 'ensemble')
    disagreement = jax.lax.pmean((logits - mean) ** 2, 'ensemble')
    return mean, disagreement

  mean, disagreement = member_predict(ensemble, x)
  return mean[0], disagreement[0].sum(-1)


mesh = Mesh(np.array(jax.devices()), ('data',))
ensemble = make_ensemble(nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P('data')))
ensemble_predict.trace(ensemble, x).lower(lowering_platforms=('cuda',))
