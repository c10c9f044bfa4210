import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class DPClassifier(nn.Module):
    classes: int = 10

    @nn.compact
    def __call__(self, x, labels):
        logits = nn.Dense(self.classes)(nn.relu(nn.Dense(64)(x)))
        onehot = jax.nn.one_hot(labels, self.classes)
        loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1))
        return jax.lax.pmean(loss, "data")


mesh = jax.make_mesh((4,), ("data",))
model = DPClassifier()
x = jnp.ones((32, 20))
labels = jnp.zeros((32,), jnp.int32)

jax.set_mesh(mesh)  # global mesh so shard_map needs no mesh=


@jax.jit
@functools.partial(jax.shard_map, in_specs=(P(), P("data"), P("data")), out_specs=P())
def eval_loss(params, x, labels):
    return model.apply(params, x, labels)


params = jax.eval_shape(jax.shard_map(model.init, in_specs=(P(), P("data"), P("data")), out_specs=P(),
                                      check_vma=False), jax.random.PRNGKey(0), x, labels)
print(eval_loss.trace(params, x, labels).lower(lowering_platforms=("cuda",)).as_text()[:30])
