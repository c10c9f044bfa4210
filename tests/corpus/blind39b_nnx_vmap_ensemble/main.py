import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


class MLP(nnx.Module):
    def __init__(self, din, dmid, dout, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dmid, rngs=rngs)
        self.l2 = nnx.Linear(dmid, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
    return MLP(16, 32, 4, rngs=rngs)


ensemble = create_ensemble(nnx.Rngs(0))


@nnx.jit
def predict(ensemble, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0)
    def one_member(model, x):
        return model(x)
    return one_member(ensemble, x).mean(axis=0)


x = jax.device_put(jnp.ones((8, 16)), P("data", None))
print(predict.trace(ensemble, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
