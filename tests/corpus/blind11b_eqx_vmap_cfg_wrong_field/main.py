import equinox as eqx
import jax
import jax.numpy as jnp

from config import ParallelConfig

CFG = ParallelConfig()


class Member(eqx.Module):
  lin1: eqx.nn.Linear
  bn: eqx.nn.BatchNorm
  lin2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.lin1 = eqx.nn.Linear(8, 32, key=k1)
    # statistics should be synchronised over the per-example vmap
    self.bn = eqx.nn.BatchNorm(32, axis_name=CFG.ensemble_axis)
    self.lin2 = eqx.nn.Linear(32, 1, key=k2)

  def __call__(self, x, state):
    h = jax.nn.relu(self.lin1(x))
    h, state = self.bn(h, state)
    return self.lin2(h), state


def member_forward(member, state, x):
  return eqx.filter_vmap(member, in_axes=(0, None), out_axes=(0, None),
                         axis_name=CFG.batch_axis)(x, state)


@eqx.filter_jit
def ensemble_forward(members, states, x):
  # one independent member per slot; no collective across members
  return eqx.filter_vmap(member_forward, in_axes=(eqx.if_array(0), 0, None))(members, states, x)


def main():
  keys = jax.random.split(jax.random.key(0), CFG.n_members)
  members, states = eqx.filter_vmap(eqx.nn.make_with_state(Member))(keys)
  x = jnp.ones((16, 8))
  params, static = eqx.partition(members, eqx.is_array)
  fwd = jax.jit(lambda p, s, x: ensemble_forward(eqx.combine(p, static), s, x))
  fwd.trace(params, states, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
