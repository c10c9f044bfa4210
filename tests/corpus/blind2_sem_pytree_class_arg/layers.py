"""A row-parallel linear layer registered as a pytree: the weight is a leaf, the axis name is
static aux data, so the layer can be passed straight through jax.shard_map."""
import jax


@jax.tree_util.register_pytree_node_class
class RowParallelLinear:
    def __init__(self, weight, axis_name):
        self.weight = weight
        self.axis_name = axis_name

    def tree_flatten(self):
        return (self.weight,), (self.axis_name,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        (axis_name,) = aux
        (weight,) = children
        return cls(weight, axis_name)

    def __call__(self, x):
        return jax.lax.psum(x @ self.weight, self.axis_name)
