import equinox as eqx
import jax
import jax.numpy as jnp

from rs_kernel import reduce_scatter_matmul

TP = 4


class RowParallelLinear(eqx.Module):
    weight: jax.Array  # [d_out, d_in_local]
    axis_name: str = eqx.field(static=True, default="tp")

    def __call__(self, x):
        return reduce_scatter_matmul(x, self.weight, self.axis_name, TP)


keys = jax.random.split(jax.random.key(0), TP)
stacked = eqx.filter_vmap(lambda k: RowParallelLinear(jax.random.normal(k, (128, 128))))(keys)


@eqx.filter_pmap(axis_name="tp")
def forward(layer, x):
    return layer(x)


x = jnp.ones((TP, 256, 128), jnp.float32)
jax.jit(lambda layer, x: forward(layer, x)).trace(stacked, x).lower(lowering_platforms=("tpu",))
