import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from kernels import block_diag_nll, matern52

mesh = jax.make_mesh((4,), ("blocks",), axis_types=(AxisType.Auto,))


def local_nll(x_block, y_block, params):
    lengthscale, variance, noise = jnp.exp(params)
    k = matern52(x_block, x_block, lengthscale, variance)
    # each device fits an independent local expert (block-diagonal approximation)
    return block_diag_nll(k, y_block, noise)


nll = jax.shard_map(local_nll, mesh=mesh, in_specs=(P("blocks"), P("blocks"), P()),
                    out_specs=P())


def fit_step(params, x, y, lr=1e-2):
    value, grad = jax.value_and_grad(nll, argnums=2)(x, y, params)
    return params - lr * grad, value


def main():
    x = jnp.zeros((2048, 3))
    y = jnp.zeros((2048,))
    params = jnp.zeros((3,))
    jax.jit(fit_step).trace(params, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
