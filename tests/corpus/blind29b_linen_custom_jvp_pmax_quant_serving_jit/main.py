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


# serving path: the trained (TP-sharded) kernel is used with plain jit and shardings
kernel_sharding = {"params": {"kernel": jax.NamedSharding(mesh, P(None, "model"))}}
full_layer = QuantDense(32)   # global width
serve = jax.jit(full_layer.apply, in_shardings=(kernel_sharding, None))
lowered = serve.trace(kernel_shape, x).lower(lowering_platforms=("cuda",))
print("lowered")
