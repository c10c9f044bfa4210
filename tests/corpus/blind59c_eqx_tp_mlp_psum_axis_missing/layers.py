import equinox as eqx
import jax
import jax.numpy as jnp

TP_AXIS = "tp"


class ColumnParallelLinear(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, in_features, out_features_per_shard, *, key):
        self.linear = eqx.nn.Linear(in_features, out_features_per_shard, key=key)

    def __call__(self, x):
        # x: [batch, in_features]
        return jax.vmap(self.linear)(x)


class RowParallelLinear(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, in_features_per_shard, out_features, *, key):
        self.linear = eqx.nn.Linear(in_features_per_shard, out_features, use_bias=False,
                                    key=key)

    def __call__(self, x):
        partial = jax.vmap(self.linear)(x)
        return jax.lax.psum(partial, TP_AXIS)


class ParallelMLP(eqx.Module):
    up: ColumnParallelLinear
    down: RowParallelLinear

    def __init__(self, d_model, d_ff_per_shard, *, key):
        k1, k2 = jax.random.split(key)
        self.up = ColumnParallelLinear(d_model, d_ff_per_shard, key=k1)
        self.down = RowParallelLinear(d_ff_per_shard, d_model, key=k2)

    def __call__(self, x):
        return self.down(jax.nn.gelu(self.up(x)))
