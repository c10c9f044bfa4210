import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from quant import fake_quant


class QuantDense(nn.Module):
    features: int
    axis_name: str = "model"

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", nn.initializers.lecun_normal(), (x.shape[-1], self.features))
        return x @ fake_quant(kernel, self.axis_name)


mesh = jax.make_mesh((4,), ("model",), axis_types=(AxisType.Auto,))
layer = QuantDense(8)
x = jnp.ones((4, 16))
kernel_shape = {"params": {"kernel": jax.ShapeDtypeStruct((16, 32), jnp.float32)}}


def loss(params, x):
    return jnp.mean(layer.apply(params, x) ** 2)


grad_fn = jax.shard_map(jax.grad(loss), mesh=mesh,
                        in_specs=({"params": {"kernel": P(None, "model")}}, P()),
                        out_specs={"params": {"kernel": P(None, "model")}}, check_vma=False)
lowered = jax.jit(grad_fn).trace(kernel_shape, x).lower(lowering_platforms=("cuda",))
print("lowered")
