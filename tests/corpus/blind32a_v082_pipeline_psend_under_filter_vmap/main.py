"""Simulating a pipeline on one host: stacked stages under filter_vmap(axis_name=...) with psend/precv."""
import equinox as eqx
import jax
import jax.numpy as jnp
from equinox import filter_vmap

N_STAGES = 4


class Stage(eqx.Module):
    linear: eqx.nn.Linear
    norm: eqx.nn.RMSNorm

    def __init__(self, key):
        self.linear = eqx.nn.Linear(32, 32, key=key)
        self.norm = eqx.nn.RMSNorm(32)

    def __call__(self, x):
        return x + jax.vmap(lambda v: self.linear(self.norm(v)))(x)


def stage_then_send(stage, x):
    y = stage(x)
    perm = [(i, (i + 1) % N_STAGES) for i in range(N_STAGES)]
    tok = jax.lax.psend(y, "stage", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "stage", perm)


stages = filter_vmap(Stage)(jax.random.split(jax.random.key(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)


@jax.jit
def step(params, x):
    stages = eqx.combine(params, static)
    return filter_vmap(stage_then_send, in_axes=(eqx.if_array(0), 0), axis_name="stage")(stages, x)


x = jnp.ones((N_STAGES, 8, 32))
print(step.trace(params, x).lower(lowering_platforms=("cuda",)) is not None)
