import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

NUM_ENVS = 6   # rollout workers


class Policy(nnx.Module):
  def __init__(self, obs, act, rngs):
    self.torso = nnx.Linear(obs, 64, rngs=rngs)
    self.pi = nnx.Linear(64, act, rngs=rngs)
    self.v = nnx.Linear(64, 1, rngs=rngs)

  def __call__(self, o):
    h = nnx.tanh(self.torso(o))
    return self.pi(h), self.v(h)[..., 0]


mesh = jax.make_mesh((4,), ('envs',), axis_types=(AxisType.Explicit,))
policy = Policy(8, 4, nnx.Rngs(0))
graphdef, state = nnx.split(policy)
obs_sharding = NamedSharding(mesh, P('envs', None))


def act(state, obs):
  logits, value = nnx.merge(graphdef, state)(obs)
  return jnp.argmax(logits, -1), value


act_fn = jax.jit(act, in_shardings=(NamedSharding(mesh, P()), obs_sharding))
obs = np.zeros((NUM_ENVS, 8), np.float32)
print(act_fn.trace(state, obs).lower(lowering_platforms=('cuda',)).as_text()[:40])
