"""Fused scale+bias Pallas kernel in an NNX layer whose activations are sharded over 'data'."""
import jax
import jax.numpy as jnp
from flax import nnx
import jax.experimental.pallas as pl
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def scale_bias_kernel(x_ref, s_ref, b_ref, o_ref):
    o_ref[...] = x_ref[...] * s_ref[...] + b_ref[...]


def fused_scale_bias(x, scale, bias):
    return pl.pallas_call(scale_bias_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(
        x, scale[None, :], bias[None, :]
    )


class ScaleBias(nnx.Module):
    def __init__(self, d):
        self.scale = nnx.Param(jnp.ones((d,)))
        self.bias = nnx.Param(jnp.zeros((d,)))

    def __call__(self, x):
        return fused_scale_bias(x, self.scale[...], self.bias[...])


layer = ScaleBias(128)


@nnx.jit
def forward(layer, x):
    return layer(x)


x = jax.device_put(jnp.ones((64, 128)), NamedSharding(mesh, P("data")))
print(forward.trace(layer, x).lower(lowering_platforms=("tpu",)).as_text()[:80])
