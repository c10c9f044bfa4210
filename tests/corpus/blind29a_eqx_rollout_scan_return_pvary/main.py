"""Equinox policy rolled out with lax.scan inside jax.shard_map (envs split over devices);
the episode-return accumulator is marked device-varying with lax.pvary before the scan."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

N_ENVS, OBS, ACT, T = 32, 6, 2, 16


class Policy(eqx.Module):
    mlp: eqx.nn.MLP
    log_std: jax.Array

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(OBS, ACT, 32, 2, activation=jax.nn.tanh, key=key)
        self.log_std = jnp.zeros(ACT)

    def __call__(self, obs, key):
        mu = self.mlp(obs)
        return mu + jnp.exp(self.log_std) * jr.normal(key, mu.shape)


def env_step(state, action):
    nxt = state.at[:ACT].add(0.1 * action)
    return nxt, -jnp.sum(nxt ** 2)


def collect(policy, env_states, key):
    n_local = env_states.shape[0]

    def body(carry, key):
        states, ep_return = carry
        keys = jr.split(key, n_local)
        actions = jax.vmap(policy)(states, keys)
        states, rewards = jax.vmap(env_step)(states, actions)
        return (states, ep_return + rewards), rewards

    ep_return = jax.lax.pvary(jnp.zeros((n_local,)), "envs")  # accumulates per-device rewards
    (env_states, ep_return), rewards = jax.lax.scan(body, (env_states, ep_return), jr.split(key, T))
    return env_states, ep_return, rewards


mesh = jax.make_mesh((4,), ("envs",))
policy = Policy(jr.PRNGKey(0))
params, static = eqx.partition(policy, eqx.is_array)


@jax.jit
def run(params, env_states, key):
    def local(params, env_states, key):
        return collect(eqx.combine(params, static), env_states, key)

    return jax.shard_map(local, mesh=mesh, in_specs=(P(), P("envs"), P()),
                         out_specs=(P("envs"), P("envs"), P(None, "envs")))(params, env_states, key)


env_states = jax.device_put(jnp.zeros((N_ENVS, OBS)), NamedSharding(mesh, P("envs")))
lowered = run.trace(params, env_states, jr.PRNGKey(1)).lower(lowering_platforms=("cuda",))
print("ok")
