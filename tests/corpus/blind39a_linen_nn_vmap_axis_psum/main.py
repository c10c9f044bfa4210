import jax
import jax.numpy as jnp
import flax.linen as nn


class Head(nn.Module):
    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(8)(x)
        # normalise across heads: softmax over the head axis via psum
        e = jnp.exp(logits)
        return e / jax.lax.psum(e, "heads")


class MultiHead(nn.Module):
    num_heads: int = 4

    @nn.compact
    def __call__(self, x):
        VmapHead = nn.vmap(
            Head,
            in_axes=None,
            out_axes=0,
            axis_size=self.num_heads,
            axis_name="heads",
            variable_axes={"params": 0},
            split_rngs={"params": True},
        )
        return VmapHead()(x)


model = MultiHead()
x = jnp.ones((2, 16))
variables = model.init(jax.random.key(0), x)
lowered = jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:80])
