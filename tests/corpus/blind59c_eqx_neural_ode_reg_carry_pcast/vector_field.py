import equinox as eqx
import jax
import jax.numpy as jnp


class Func(eqx.Module):
    scale: jax.Array
    mlp: eqx.nn.MLP

    def __init__(self, data_size, width_size, depth, *, key):
        self.scale = jnp.ones(())
        self.mlp = eqx.nn.MLP(
            in_size=data_size + 1,
            out_size=data_size,
            width_size=width_size,
            depth=depth,
            activation=jax.nn.softplus,
            final_activation=jax.nn.tanh,
            key=key,
        )

    def __call__(self, t, y, args):
        ty = jnp.concatenate([jnp.atleast_1d(t), y])
        return self.scale * self.mlp(ty)
