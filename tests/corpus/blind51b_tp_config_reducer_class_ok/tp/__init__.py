from tp.layers import RowParallelMLP, REDUCERS
