import equinox as eqx
import jax
import jax.numpy as jnp

from model.rope import rotary


class Attention(eqx.Module):
    qk: eqx.nn.Linear

    def __init__(self, d, key):
        self.qk = eqx.nn.Linear(d, 2 * d, key=key)

    def __call__(self, x):
        q, k = jnp.split(jax.vmap(self.qk)(x), 2, axis=-1)
        q, k = rotary(q), rotary(k)
        return jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1])) @ x


@eqx.filter_jit
def forward(attn, x):
    return attn(x)


attn = Attention(32, jax.random.key(0))
params, static = eqx.partition(attn, eqx.is_array)
exp = jax.export.export(jax.jit(lambda p, x: forward(eqx.combine(p, static), x)), platforms=["cuda"])(
    params, jax.ShapeDtypeStruct((128, 32), jnp.float32)
)
print(exp.in_avals)
