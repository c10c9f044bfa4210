import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

N_STAGES = 2
STAGE_AXIS = "stage"


class Block(eqx.Module):
    norm: eqx.nn.LayerNorm
    fc: eqx.nn.Linear

    def __init__(self, dim, key):
        self.norm = eqx.nn.LayerNorm(dim)
        self.fc = eqx.nn.Linear(dim, dim, key=key)

    def __call__(self, x):
        return x + jax.nn.gelu(self.fc(self.norm(x)))


def make_stage(key, dim=128):
    return Block(dim, key)


def pipeline_forward(stage, x):
    """Two-stage pipeline: stage 0 computes, sends activations to stage 1."""
    h = jax.vmap(stage)(x)
    fwd = [(i, i + 1) for i in range(N_STAGES - 1)]
    token = lax.psend(h, STAGE_AXIS, perm=fwd)
    h_in = lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), STAGE_AXIS, perm=fwd)
    return jax.vmap(stage)(h_in)


forward = eqx.filter_jit(pipeline_forward)


def main():
    stage = make_stage(jax.random.key(0))
    params, static = eqx.partition(stage, eqx.is_array)
    x = jnp.ones((16, 128), jnp.float32)
    fn = jax.jit(lambda p, x: forward(eqx.combine(p, static), x))
    fn.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
