import equinox as eqx
import jax
import jax.numpy as jnp

STAGES = 4


class PipelineStage(eqx.Module):
    layer: eqx.nn.Linear
    norm: eqx.nn.LayerNorm

    def __init__(self, dim, key):
        self.layer = eqx.nn.Linear(dim, dim, key=key)
        self.norm = eqx.nn.LayerNorm(dim)

    def __call__(self, x):
        return jax.vmap(self.norm)(jax.vmap(self.layer)(x))


def send_next(x):
    pairs = [(s, s + 1) for s in range(STAGES - 1)]
    token = jax.lax.psend(x, "pipe", pairs)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), "pipe", pairs)


@eqx.filter_jit
def stage_forward(stage, x):
    return send_next(stage(x))


stage = PipelineStage(64, jax.random.key(0))
params, static = eqx.partition(stage, eqx.is_array)


def serve(params, x):
    return stage_forward(eqx.combine(params, static), x)


x = jax.ShapeDtypeStruct((8, 64), jnp.float32)
exported = jax.export.export(jax.jit(serve), platforms=["cuda"])(params, x)
print(exported.fun_name)
