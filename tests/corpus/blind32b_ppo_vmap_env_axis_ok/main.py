import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from ppo.models import ActorCritic
from ppo import ppo_lib

num_envs, steps = 8, 16
model = ActorCritic(num_outputs=6)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 84, 84, 4)))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params,
                                      tx=optax.adam(2.5e-4))
traj = (
    jnp.zeros((num_envs, steps, 84, 84, 4), jnp.uint8),
    jnp.zeros((num_envs, steps), jnp.int32),
    jnp.zeros((num_envs, steps)),
    jnp.zeros((num_envs, steps)),
    jnp.ones((num_envs, steps)),
    jnp.zeros((num_envs, steps + 1)),
)
lowered = ppo_lib.train_step.trace(state, traj).lower(lowering_platforms=('cuda',))
print('ppo step lowered')
