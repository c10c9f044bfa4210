import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class TokenShiftBlock(eqx.Module):
    """RWKV-style token shift: every position also sees the previous token. With the sequence
    split over `axis_name`, the first token of a shard needs the last token of the previous
    shard, which arrives by ppermute."""

    norm: eqx.nn.LayerNorm
    mix: eqx.nn.Linear
    mlp: eqx.nn.MLP
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, *, axis_name, key):
        k1, k2 = jr.split(key)
        self.norm = eqx.nn.LayerNorm(dim)
        self.mix = eqx.nn.Linear(dim, dim, key=k1)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, depth=1, activation=jax.nn.gelu, key=k2)
        self.axis_name = axis_name

    def __call__(self, x):
        n = jax.lax.axis_size(self.axis_name)
        from_left = jax.lax.ppermute(
            x[-1:], self.axis_name, perm=[(i, i + 1) for i in range(n - 1)]
        )
        shifted = jnp.concatenate([from_left, x[:-1]], axis=0)
        h = jax.vmap(self.norm)(x) + jax.vmap(self.mix)(shifted)
        return x + jax.vmap(self.mlp)(h)


class Stack(eqx.Module):
    layers: TokenShiftBlock

    def __init__(self, num_layers, dim, *, axis_name, key):
        make_layer = lambda k: TokenShiftBlock(dim, axis_name=axis_name, key=k)
        self.layers = eqx.filter_vmap(make_layer)(jr.split(key, num_layers))

    def __call__(self, x):
        dynamic, static = eqx.partition(self.layers, eqx.is_array)

        @eqx.filter_checkpoint
        def f(x, dynamic_layer):
            layer = eqx.combine(dynamic_layer, static)
            return layer(x), None

        x, _ = jax.lax.scan(f, x, dynamic)
        return x
