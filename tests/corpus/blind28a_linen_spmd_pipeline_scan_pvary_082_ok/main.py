"""The shard_map docs' spmd_pipeline, with the time loop as a lax.scan over a Flax Linen stage."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

L = 4          # stages, one per device
M = 8          # microbatches
B, D = 4, 32


class StageMLP(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(2 * self.features)(x)
        return nn.Dense(self.features)(nn.relu(h))


model = StageMLP(D)
keys = jax.random.split(jax.random.key(0), L)
stage_params = jax.vmap(lambda k: model.init(k, jnp.zeros((B, D))))(keys)


def shift_right(x):
    perm = [(i, (i + 1) % L) for i in range(L)]
    return jax.lax.ppermute(x, "stages", perm)


def spmd_pipeline(params, inputs):
    params = jax.tree.map(lambda a: a[0], params)
    stage = jax.lax.axis_index("stages")
    state = jax.lax.pvary(jnp.zeros((B, D)), "stages")
    outputs = jax.lax.pvary(jnp.zeros_like(inputs), "stages")

    def step(carry, i):
        state, outputs = carry
        state = jnp.where(stage == 0, inputs[i % M], state)
        state = model.apply(params, state)
        outputs = outputs.at[(i - L + 1) % M].set(
            jnp.where(stage == L - 1, state, outputs[(i - L + 1) % M]))
        state = shift_right(state)
        return (state, outputs), None

    (_, outputs), _ = jax.lax.scan(step, (state, outputs), jnp.arange(M + L - 1))
    return outputs[None]


mesh = Mesh(jax.devices(), ("stages",))
pipelined = jax.shard_map(spmd_pipeline, mesh=mesh,
                          in_specs=(P("stages"), P()), out_specs=P("stages"))

inputs = jnp.ones((M, B, D))
lowered = jax.jit(pipelined).trace(stage_params, inputs).lower(lowering_platforms=("cuda",))
print("lowered")
