import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "space"
N = 4


def halo_exchange(x, axis_name=AXIS):
    right = jax.lax.ppermute(x[-1:], axis_name, [(i, (i + 1) % N) for i in range(N)])
    left = jax.lax.ppermute(x[:1], axis_name, [(i, (i - 1) % N) for i in range(N)])
    return jnp.concatenate([right, x, left], axis=0)


class ConvBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        padded = halo_exchange(x)
        y = nn.Conv(self.features, kernel_size=(3,), padding="VALID")(padded[None])[0]
        return nn.relu(y)


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        for _ in range(3):
            x = nn.remat(ConvBlock)(16)(x)
        return x


mesh = jax.make_mesh((N,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
net = Net()
x = jax.device_put(jnp.ones((128, 16)), NamedSharding(mesh, P(AXIS)))
init = jax.shard_map(net.init, mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(), check_vma=False)
params = jax.eval_shape(init, jax.random.PRNGKey(0), x)

# inference: plain jit over the space-sharded input
apply_fn = jax.jit(net.apply)
print(apply_fn.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
