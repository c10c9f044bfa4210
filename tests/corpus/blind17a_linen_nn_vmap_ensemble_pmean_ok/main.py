import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Member(nn.Module):
  @nn.compact
  def __call__(self, x):
    y = nn.Dense(1)(nn.relu(nn.Dense(32)(x)))
    return y - lax.pmean(y, axis_name="member")


class Ensemble(nn.Module):
  size: int = 4

  @nn.compact
  def __call__(self, x):
    VM = nn.vmap(Member, variable_axes={"params": 0}, split_rngs={"params": True},
                 in_axes=None, out_axes=0, axis_size=self.size, axis_name="member")
    return VM(name="members")(x)


ens = Ensemble()
x = jnp.ones((8, 5))
params = ens.init(jax.random.key(0), x)
jax.jit(ens.apply).trace(params, x).lower(lowering_platforms=("cuda",))
