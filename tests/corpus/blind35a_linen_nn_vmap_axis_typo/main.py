import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class Head(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.dim)(x)
        scale = lax.pmean(jnp.mean(y * y), axis_name="head")
        return y * lax.rsqrt(scale + 1e-6)


class MultiHead(nn.Module):
    num_heads: int = 4
    dim: int = 8

    @nn.compact
    def __call__(self, x):
        heads = nn.vmap(
            Head,
            in_axes=None,
            out_axes=1,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            axis_size=self.num_heads,
            axis_name="heads",
        )(self.dim)
        return heads(x).reshape(x.shape[0], -1)


model = MultiHead()
x = jnp.ones((2, 16))


@jax.jit
def init_and_apply(key, x):
    variables = model.init(key, x)
    return model.apply(variables, x)


init_and_apply.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("cuda",))
print("ok")
