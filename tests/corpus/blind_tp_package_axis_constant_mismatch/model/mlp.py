import jax

from .layers import ColumnParallelDense, RowParallelDense

_up = ColumnParallelDense()
_down = RowParallelDense()


def mlp_block(params, x):
    h = jax.nn.gelu(_up(params["up"], x))
    return _down(params["down"], h)
