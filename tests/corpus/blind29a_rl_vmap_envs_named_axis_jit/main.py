"""Actor-critic where the per-environment update is written for one env and vmapped with
axis_name='envs'; advantage statistics use collectives over that vmap axis. The envs are
sharded over devices by jit (automatic partitioning, no shard_map): the named axis is the vmap's, so this is fine."""
import jax
import jax.numpy as jnp
from jax import lax as L
from jax.sharding import NamedSharding, PartitionSpec as P
import flax.linen as nn


class Critic(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(1)(h)[..., 0]


critic = Critic()


def per_env_advantage(params, obs_seq, rewards, gamma=0.99):
    values = critic.apply(params, obs_seq)
    next_values = jnp.concatenate([values[1:], values[-1:]])
    td = rewards + gamma * next_values - values
    # normalise with statistics over every environment in the batch
    mean = L.pmean(td.mean(), axis_name="envs")
    var = L.pmean(((td - mean) ** 2).mean(), axis_name="envs")
    return (td - mean) / jnp.sqrt(var + 1e-8)


def critic_loss(params, obs, rewards):
    adv = jax.vmap(per_env_advantage, in_axes=(None, 0, 0), axis_name="envs")(params, obs, rewards)
    return jnp.mean(jax.lax.stop_gradient(adv) * critic.apply(params, obs))


mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
params = critic.init(jax.random.PRNGKey(0), jnp.zeros((5, 3)))
obs = jax.device_put(jnp.ones((16, 5, 3)), NamedSharding(mesh, P("x")))
rewards = jax.device_put(jnp.ones((16, 5)), NamedSharding(mesh, P("x")))

grad_fn = jax.jit(jax.grad(critic_loss))
lowered = grad_fn.trace(params, obs, rewards).lower(lowering_platforms=("cuda",))
print("ok")
